import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/**
 * An icon button named by `label` (read by assistive technology and shown as the tooltip).
 * `pressed` marks a toggle (bold, a list, an alignment) as on or off; leave it out for commands.
 */
export function ToolbarButton({
  label,
  shortcut,
  pressed,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'aria-label' | 'aria-pressed'> & {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-pressed={pressed}
          className={cn('size-8 data-[pressed=true]:bg-accent data-[pressed=true]:text-accent-foreground', className)}
          data-pressed={pressed}
          {...props}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{shortcut ? `${label} (${shortcut})` : label}</TooltipContent>
    </Tooltip>
  );
}
