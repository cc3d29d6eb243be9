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

/**
 * Centers a spinner in the window while a whole screen waits for data. Fixed in place, out of the
 * page's flow: a bar that appears above it (the demo banner) does not move it (a layout shift),
 * and it takes no space from what replaces it. It lets clicks through to what it overlays.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="pointer-events-none fixed inset-0 flex items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
