import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordExpirationsPage } from '../../shared/api/notifications.js';
import { NotificationHarness, type Customer } from './test-support/notification-harness.js';

// What a check writes for the users table, read back through its API: the users without a date
// are listed with the reason, the others with the rule their date came from.

let harness: NotificationHarness;

beforeAll(async () => {
  harness = await NotificationHarness.startWithFastMail();
});
afterAll(async () => {
  await harness?.close();
});

async function everyone(customer: Customer, filter: string): Promise<PasswordExpirationsPage['records']> {
  const records: PasswordExpirationsPage['records'] = [];
  for (let page = 1; ; page += 1) {
    const response = await harness.request(customer, 'GET', `/api/password-expirations?filter=${filter}&pageSize=100&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as PasswordExpirationsPage;
    records.push(...body.records);
    if (records.length >= body.total) return records;
  }
}

/**
 * Why a password has no date, from the simulated directory with the plain rules (not the
 * product's code): enabled members only; no change date; DisablePasswordExpiration (on a synced
 * user, the on-premises directory's business); an account on the tenant's initial domain, whose
 * passwords never expire.
 */
function expectedUndated(customer: Customer): [string, string][] {
  const initialDomain = customer.directory.tenant.domains.find((domain) => domain.isInitial)?.id.toLowerCase();
  return customer.directory.tenant.users
    .filter((user) => user.userType === 'Member' && user.accountEnabled)
    .flatMap((user): [string, string][] => {
      const neverExpires = (user.passwordPolicies ?? '').includes('DisablePasswordExpiration');
      if (user.lastPasswordChangeDateTime === null) return [[user.id, 'not_applicable']];
      if (neverExpires && user.onPremisesSyncEnabled === true) return [[user.id, 'managed_on_premises']];
      if (neverExpires) return [[user.id, 'never_expires_user_policy']];
      if (user.userPrincipalName.toLowerCase().endsWith(`@${initialDomain}`)) return [[user.id, 'never_expires_domain_policy']];
      return [];
    })
    .sort();
}

describe('a password check fills the users table', () => {
  it('lists the enabled members without a date under No date, each with the reason, and never reminds them', async () => {
    const customer = await harness.createCustomer({ users: 300 });
    const check = await harness.request(customer, 'POST', '/api/run-check', {});
    expect(check.statusCode, check.body).toBe(200);

    const undated = await everyone(customer, 'no_date');
    const expected = expectedUndated(customer);
    // The generated directory has synced and cloud accounts whose passwords never expire.
    expect(expected.map(([, reason]) => reason)).toEqual(expect.arrayContaining(['managed_on_premises', 'never_expires_user_policy']));
    expect(undated.map((record): [string, string] => [record.userId, record.expiryReason]).sort()).toEqual(expected);
    expect(
      undated.every(
        (record) => record.passwordExpiryDate === null && record.daysUntilExpiry === null && record.validityDays === null && record.latestReminder === null,
      ),
    ).toBe(true);

    // The dated ones carry the tenant's 90-day domain policy; the filters split the list without overlap.
    const all = await everyone(customer, 'all');
    const dated = all.filter((record) => record.passwordExpiryDate !== null);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.every((record) => record.expiryReason === 'domain_policy' && record.validityDays === 90)).toBe(true);
    const [soon, expired] = [await everyone(customer, 'expiring_soon'), await everyone(customer, 'expired')];
    expect(soon.length + expired.length + undated.length).toBe(all.length);
    expect(soon.every((record) => record.daysUntilExpiry !== null && record.daysUntilExpiry >= 0)).toBe(true);
    expect(expired.every((record) => record.daysUntilExpiry !== null && record.daysUntilExpiry < 0)).toBe(true);

    // Nothing to remind a user without a date of: the row's send is refused, and no mail goes out.
    const [never] = undated;
    const refused = await harness.request(customer, 'POST', '/api/send-manual-email', { userId: never!.userId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${never!.userDisplayName}'s password has no expiry date, so there is nothing to remind them of.`);
    expect(harness.mail(customer).filter((message) => message.to.includes(never!.userEmail))).toEqual([]);
  });
});
