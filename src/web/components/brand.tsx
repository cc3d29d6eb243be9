import { ShieldCheckIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product mark: shield icon and name. */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <ShieldCheckIcon className="size-5" aria-hidden />
      </span>
      Passwatch
    </span>
  );
}
