import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../test-support/factories';
import { buttonNames, renderHtml } from '../../../test-support/render-html';
import { expirationRecord as user } from '../test-support/expiration-records';
import { UsersTable } from './users-table';

// docs/product.md §Teams and roles: a helpdesk member sends one user's reminder by hand; a viewer reads only.
describe('UsersTable per role', () => {
  const rowActions = (role: 'helpdesk' | 'viewer') =>
    buttonNames(renderHtml(<UsersTable users={[user()]} emptyMessage="" timeZone="UTC" />, { selected: buildTenant({ role }) }));

  it('offers the helpdesk the reminder by hand', () => {
    expect(rowActions('helpdesk')).toEqual(['Send expiration email to Ada King Lovelace', 'Show details for Ada King Lovelace']);
  });

  it('offers a viewer the details only', () => {
    expect(rowActions('viewer')).toEqual(['Show details for Ada King Lovelace']);
  });
});
