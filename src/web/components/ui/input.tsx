import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const fieldControlClasses =
  'w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs ' +
  'transition-[color,box-shadow] outline-none placeholder:text-muted-foreground focus-visible:border-ring ' +
  'focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn('h-9', fieldControlClasses, className)} {...props} />;
}

/** A multi-line text field styled like Input. */
export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn('min-h-28 py-2', fieldControlClasses, className)} {...props} />;
}
