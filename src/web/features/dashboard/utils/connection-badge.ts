import type { ConnectionStatus } from '../../../../shared/api/configuration';
import { describeConnectionProblem } from '../../../../shared/domain/graph-permissions';
import { formatDateTimeUs } from '@/features/overview/utils/format-date-time';

export type ConnectionBadgeTone = 'success' | 'warning' | 'neutral';

export interface ConnectionBadgeState {
  label: 'Connected to Tenant' | 'Connection Issues' | 'Not Configured';
  tone: ConnectionBadgeTone;
  /** What the badge means in this case, for its tooltip and screen readers. */
  detail: string;
}

/**
 * docs/product.md §Screens and routes: 'Not Configured' without a configuration, 'Connected to Tenant' when the
 * status is connected, 'Connection Issues' otherwise (a failed call, or none yet since the
 * connection settings last changed). The detail ends with when the verdict was last checked (the
 * server verifies it again once it is stale), in the viewer's time zone, labelled.
 */
export function connectionBadgeState(status: ConnectionStatus, timeZone?: string): ConnectionBadgeState {
  const state = verdictOf(status);
  if (status.checkedAt === null) return state;
  return { ...state, detail: `${state.detail} Last checked ${formatDateTimeUs(status.checkedAt, timeZone)}.` };
}

function verdictOf(status: ConnectionStatus): ConnectionBadgeState {
  if (!status.configured) {
    return { label: 'Not Configured', tone: 'neutral', detail: 'No configuration is saved yet. Open the Setup Guide to connect your tenant.' };
  }
  if (status.connectionStatus === 'connected') {
    return { label: 'Connected to Tenant', tone: 'success', detail: status.message ?? 'The last call to your tenant succeeded.' };
  }
  if (status.connectionStatus === 'error') {
    // The class of problem first (outage, throttling, missing permissions, ...), as Test Connection reports it.
    return {
      label: 'Connection Issues',
      tone: 'warning',
      detail: describeConnectionProblem(status.problem, status.message ?? 'The last call to your tenant failed.'),
    };
  }
  return {
    label: 'Connection Issues',
    tone: 'warning',
    detail: 'The connection has not been verified since the credentials were saved. Run a connection test.',
  };
}
