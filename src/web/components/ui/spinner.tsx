import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinning indicator announced to assistive technology as a status with a label. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon aria-hidden className={cn('size-5 animate-spin text-muted-foreground', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centers a spinner in the page while a whole screen waits for data. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
