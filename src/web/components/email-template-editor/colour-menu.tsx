import type { ReactNode } from 'react';
import { CheckIcon } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import type { NamedColour } from './colour-palettes';

/**
 * A palette in a menu: each swatch is a radio item named after its colour, so the current colour
 * is announced as checked; `clearLabel` removes the colour.
 */
export function ColourMenu({
  label,
  icon,
  colours,
  activeHex,
  clearLabel,
  disabled,
  onSelect,
  onClear,
}: {
  label: string;
  icon: ReactNode;
  colours: readonly NamedColour[];
  activeHex: string | null;
  clearLabel: string;
  disabled: boolean;
  onSelect: (hex: string) => void;
  onClear: () => void;
}) {
  const active = colours.find((colour) => colour.hex.toLowerCase() === activeHex?.toLowerCase());
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="relative size-8" aria-label={label} disabled={disabled}>
              {icon}
              {/* The bar under the icon shows the colour at the cursor. */}
              <span
                aria-hidden
                className="absolute inset-x-2 bottom-1 h-1 rounded-sm border border-border"
                style={{ backgroundColor: active?.hex ?? 'transparent' }}
              />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={active?.hex ?? ''} onValueChange={onSelect} className="grid grid-cols-7 gap-1 p-1">
          {colours.map((colour) => (
            <DropdownMenuPrimitive.RadioItem
              key={colour.hex}
              value={colour.hex}
              aria-label={colour.name}
              title={colour.name}
              className={
                'flex size-6 items-center justify-center rounded-sm border border-border outline-none focus-visible:ring-[3px] ' +
                'focus-visible:ring-ring data-[highlighted]:ring-2 data-[highlighted]:ring-ring'
              }
              style={{ backgroundColor: colour.hex }}
            >
              <DropdownMenuPrimitive.ItemIndicator>
                <CheckIcon aria-hidden className="size-3.5 text-white mix-blend-difference" />
              </DropdownMenuPrimitive.ItemIndicator>
            </DropdownMenuPrimitive.RadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onClear}>{clearLabel}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
