import type { ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** docs/product.md §Constants: tooltips open after 700 ms. */
const tooltipDelayMs = 700;

export function TooltipProvider({ delayDuration = tooltipDelayMs, ...props }: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 4, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn('z-50 w-fit max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background animate-fade-in', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
