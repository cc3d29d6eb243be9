import { CircleCheckIcon, CircleDashedIcon, TriangleAlertIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useConnectionStatus } from '../api/get-connection-status';
import { connectionBadgeState, type ConnectionBadgeTone } from '../utils/connection-badge';

const toneStyle: Record<ConnectionBadgeTone, { variant: 'success' | 'warning' | 'secondary'; icon: typeof CircleCheckIcon }> = {
  success: { variant: 'success', icon: CircleCheckIcon },
  warning: { variant: 'warning', icon: TriangleAlertIcon },
  neutral: { variant: 'secondary', icon: CircleDashedIcon },
};

/** The header's connection badge; its tooltip says why (e.g. the last error from the tenant). */
export function ConnectionBadge() {
  const { data: status } = useConnectionStatus();
  if (!status) return null;
  const state = connectionBadgeState(status);
  const { variant, icon: Icon } = toneStyle[state.tone];
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so keyboard users reach the explanation too. */}
        <span tabIndex={0} className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Badge variant={variant} className="py-1" data-tone={state.tone}>
            <Icon aria-hidden />
            {state.label}
          </Badge>
          <span className="sr-only">{state.detail}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{state.detail}</TooltipContent>
    </Tooltip>
  );
}
