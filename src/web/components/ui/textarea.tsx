import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { fieldControlClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn('min-h-16 py-2', fieldControlClasses, className)} {...props} />;
}
