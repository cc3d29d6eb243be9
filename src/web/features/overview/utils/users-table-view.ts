import type { EmailDelivery, PasswordExpirationFilter, PasswordExpirationSort } from '../../../../shared/api/notifications';
import type { SortDirection } from '../../../../shared/api/paging';

export interface UsersTableOrder {
  sort: PasswordExpirationSort;
  direction: SortDirection;
}

/** The table opens on the users expiring soon, soonest first: the ones a reminder can still help. */
export const DEFAULT_USERS_TABLE_VIEW = { filter: 'expiring_soon', sort: 'expiry', direction: 'asc' } as const satisfies UsersTableOrder & {
  filter: PasswordExpirationFilter;
};

/** A sortable header clicked: the same column turns round, another one sorts ascending. */
export function nextOrder(current: UsersTableOrder, column: PasswordExpirationSort): UsersTableOrder {
  if (current.sort !== column) return { sort: column, direction: 'asc' };
  return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** `aria-sort` of a sortable header. */
export function ariaSortOf(order: UsersTableOrder, column: PasswordExpirationSort): 'ascending' | 'descending' | 'none' {
  if (order.sort !== column) return 'none';
  return order.direction === 'asc' ? 'ascending' : 'descending';
}

const DELIVERY_LABELS: Record<EmailDelivery['state'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  deferred: 'Deferred',
};

/** The latest reminder's state as the Last Notified cell names it. */
export function deliveryLabel(state: EmailDelivery['state']): string {
  return DELIVERY_LABELS[state];
}
