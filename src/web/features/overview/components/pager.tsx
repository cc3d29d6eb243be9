import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageCount, pageRangeText } from '../utils/paging';

/** 'Showing 26–50 of 73' with Previous / Next; both wait while a page is loading (`busy`). */
export function Pager({
  label,
  page,
  pageSize,
  total,
  busy,
  onPageChange,
}: {
  /** The navigation landmark's name, e.g. 'Audit log pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pageRangeText(page, pageSize, total)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <span className="text-sm">
          Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
