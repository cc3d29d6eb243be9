import type { Database } from '../db/client.js';
import { listAdminUsers } from './admin-users.js';
import { toCsv } from '../http/csv.js';

const HEADER = [
  'Email',
  'First Name',
  'Last Name',
  'Signed Up',
  'Organization',
  'Domain',
  'Role',
  'Subscription Status',
  'Plan',
  'Current Period End',
  'Cancel At Period End',
  'PayPal Subscription ID',
] as const;

const isoDate = (iso: string | null) => iso?.slice(0, 10) ?? '';

/**
 * GET /api/admin/export-users: one row per user and organization (a user without one gets a row
 * of their own), dates as YYYY-MM-DD so spreadsheets sort them.
 */
export async function exportUsersCsv(db: Database, now: Date): Promise<string> {
  const users = await listAdminUsers(db, undefined, now);
  const rows = users.flatMap((user) => {
    const person = [user.email, user.firstName, user.lastName, isoDate(user.createdAt)];
    if (user.tenants.length === 0) return [[...person, '', '', '', 'none', '', '', '', '']];
    return user.tenants.map((organization) => [
      ...person,
      organization.name,
      organization.domain,
      organization.role,
      organization.subscriptionStatus,
      organization.subscriptionPlan,
      isoDate(organization.currentPeriodEnd),
      organization.cancelAtPeriodEnd ? 'yes' : 'no',
      organization.paypalSubscriptionId,
    ]);
  });
  return toCsv(HEADER, rows);
}
