// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';
import { onPremisesMessages, type OnPremisesOverview } from '../../../../shared/api/on-premises';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { OnPremisesCard } from './on-premises-card';

const ADMINS = { id: 'a1000000-0000-4000-8000-000000000001', displayName: 'Domain Admins' };
const SALES = { id: 'a1000000-0000-4000-8000-000000000002', displayName: 'Sales' };
const KIOSKS = { id: 'a1000000-0000-4000-8000-000000000003', displayName: 'Kiosk Accounts' };

const noPolicy: OnPremisesOverview = { connectors: [], unmatchedGraphUsers: null, staleAfterHours: 48, declaredPolicy: null };

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // The Switch inside a form measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

/** A server that keeps what PUT /api/on-premises/settings saved, as the real one does. */
function server(initial: OnPremisesOverview, configuration = buildConfiguration()) {
  let stored = initial;
  const api = stubApi({
    'GET /api/on-premises': () => stored,
    'GET /api/configuration': () => toWire(configuration),
    'GET /api/security-groups': () => [SALES, KIOSKS, ADMINS],
    'PUT /api/on-premises/settings': ({ body }) => {
      stored = { ...stored, ...(body as Pick<OnPremisesOverview, 'staleAfterHours' | 'declaredPolicy'>) };
      return stored;
    },
  });
  return { api, stored: () => stored };
}

async function pick(user: ReturnType<typeof userEvent.setup>, list: string, group: string) {
  await user.click(await screen.findByRole('combobox', { name: list }));
  await user.click(await screen.findByRole('option', { name: group }));
}

const groupAgeRows = () => within(screen.getByRole('list', { name: /Group ages/ })).getAllByRole('listitem');

describe('the declared on-premises policy', () => {
  it('adds, edits, orders and removes group ages and sets the never-expiring group; a reload shows what was saved', async () => {
    const { api } = server(noPolicy);
    const user = userEvent.setup({ delay: null });
    const view = renderInApp(<OnPremisesCard />, { selected: buildTenant() });

    await user.click(await screen.findByRole('switch', { name: 'Declared on-premises policy' }));
    expect(screen.getByText('No group ages: every synced user gets the maximum password age.')).toBeTruthy();
    expect(screen.getByText('No never-expiring group.')).toBeTruthy();
    // The rule for a user in several groups is told where the groups are chosen.
    expect(screen.getByText(/first of them in this list/)).toBeTruthy();

    await user.clear(screen.getByLabelText('Maximum password age (days)'));
    await user.type(screen.getByLabelText('Maximum password age (days)'), '60');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add a group age' }).hasAttribute('disabled')).toBe(false));
    await pick(user, 'Add a group age', 'Sales');
    await pick(user, 'Add a group age', 'Domain Admins');
    // A chosen group leaves the dropdown.
    await user.click(screen.getByRole('combobox', { name: 'Add a group age' }));
    expect(screen.queryByRole('option', { name: 'Sales' })).toBeNull();
    await user.keyboard('{Escape}');

    // A new row starts at the maximum age; each is edited in place.
    expect((screen.getByLabelText('Maximum password age for Sales (days)') as HTMLInputElement).value).toBe('60');
    await user.clear(screen.getByLabelText('Maximum password age for Domain Admins (days)'));
    await user.type(screen.getByLabelText('Maximum password age for Domain Admins (days)'), '30');
    await user.click(screen.getByRole('button', { name: 'Move Domain Admins up' }));
    expect(groupAgeRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Domain Admins', 'Sales']);
    await pick(user, 'Add a group age', 'Kiosk Accounts');
    await user.click(screen.getByRole('button', { name: 'Remove Kiosk Accounts' }));
    expect(groupAgeRows()).toHaveLength(2);

    await pick(user, 'Never-expiring group', 'Kiosk Accounts');
    expect(screen.getByTestId('never-expires-group').textContent).toContain('Kiosk Accounts');

    await user.click(screen.getByRole('button', { name: 'Save On-premises Settings' }));
    await waitFor(() => expect(api.requestsTo('PUT /api/on-premises/settings')).toHaveLength(1));
    expect(api.requestsTo('PUT /api/on-premises/settings')[0]!.body).toEqual({
      staleAfterHours: 48,
      declaredPolicy: {
        maxPasswordAgeDays: 60,
        groupAges: [
          { groupId: ADMINS.id, groupName: 'Domain Admins', maxPasswordAgeDays: 30 },
          { groupId: SALES.id, groupName: 'Sales', maxPasswordAgeDays: 60 },
        ],
        neverExpiresGroup: { groupId: KIOSKS.id, groupName: 'Kiosk Accounts' },
      },
    });

    // A reload reads the saved policy back.
    view.unmount();
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });
    await screen.findByLabelText('Maximum password age for Domain Admins (days)');
    expect(groupAgeRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Domain Admins', 'Sales']);
    expect((screen.getByLabelText('Maximum password age for Domain Admins (days)') as HTMLInputElement).value).toBe('30');
    expect(screen.getByTestId('never-expires-group').textContent).toContain('Kiosk Accounts');

    // Removing the never-expiring group saves null.
    await user.click(within(screen.getByTestId('never-expires-group')).getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('No never-expiring group.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save On-premises Settings' }));
    await waitFor(() => expect(api.requestsTo('PUT /api/on-premises/settings')).toHaveLength(2));
    expect(api.requestsTo('PUT /api/on-premises/settings')[1]!.body).toMatchObject({ declaredPolicy: { neverExpiresGroup: null } });
  });

  it('refuses a group age out of range under its row with the server’s message, and sends nothing', async () => {
    const { api } = server({
      ...noPolicy,
      declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [{ groupId: SALES.id, groupName: 'Sales', maxPasswordAgeDays: 45 }], neverExpiresGroup: null },
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });

    const days = await screen.findByLabelText('Maximum password age for Sales (days)');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save On-premises Settings' }));
    expect(await screen.findByText(onPremisesMessages.maxPasswordAgeDays)).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save On-premises Settings' }));
    expect(await screen.findByText(onPremisesMessages.maxPasswordAgeDays)).toBeTruthy();
    expect(api.requestsTo('PUT /api/on-premises/settings')).toHaveLength(0);
  });

  it('shows the server’s message by field when it refuses what was sent', async () => {
    stubApi({
      'GET /api/on-premises': () => ({
        ...noPolicy,
        declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [{ groupId: SALES.id, groupName: 'Sales', maxPasswordAgeDays: 45 }], neverExpiresGroup: null },
      }),
      'GET /api/configuration': () => toWire(buildConfiguration()),
      'GET /api/security-groups': () => [SALES],
      'PUT /api/on-premises/settings': () =>
        Response.json(
          { message: onPremisesMessages.groupId, fieldErrors: { 'declaredPolicy.groupAges.0.groupId': [onPremisesMessages.groupId] } },
          { status: 400 },
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });
    await screen.findByLabelText('Maximum password age for Sales (days)');
    await user.click(screen.getByRole('button', { name: 'Save On-premises Settings' }));
    const row = groupAgeRows()[0]!;
    expect(await within(row).findByText(onPremisesMessages.groupId)).toBeTruthy();
  });

  it('flags a saved group the tenant no longer has, and asks for a saved connection before offering groups', async () => {
    const gone = { groupId: 'a1000000-0000-4000-8000-0000000000ff', groupName: 'Old Contractors' };
    const { api } = server(
      { ...noPolicy, declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [], neverExpiresGroup: gone } },
      buildConfiguration({ configured: false, entraTenantId: '', applicationId: '' }),
    );
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });
    expect(await screen.findByText('Save the tenant connection first')).toBeTruthy();
    expect(screen.getByTestId('never-expires-group').textContent).toContain('Old Contractors');
    expect(screen.getByRole('combobox', { name: 'Add a group age' }).hasAttribute('disabled')).toBe(true);
    expect(api.requestsTo('GET /api/security-groups')).toHaveLength(0);
    cleanup();

    server({ ...noPolicy, declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [], neverExpiresGroup: gone } });
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });
    expect(await within(await screen.findByTestId('never-expires-group')).findByText('not found')).toBeTruthy();
  });

  it('says so when the tenant has no security groups', async () => {
    stubApi({
      'GET /api/on-premises': () => ({ ...noPolicy, declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [], neverExpiresGroup: null } }),
      'GET /api/configuration': () => toWire(buildConfiguration()),
      'GET /api/security-groups': () => [],
    });
    renderInApp(<OnPremisesCard />, { selected: buildTenant() });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add a group age' }).textContent).toBe('No security groups available'));
    expect(screen.getByRole('combobox', { name: 'Never-expiring group' }).textContent).toBe('No security groups available');
    expect(screen.getByRole('combobox', { name: 'Never-expiring group' }).hasAttribute('disabled')).toBe(true);
  });

  it('reads no groups for a member who is not the owner (the section is read-only to them)', async () => {
    const { api } = server({
      ...noPolicy,
      declaredPolicy: { maxPasswordAgeDays: 90, groupAges: [{ groupId: SALES.id, groupName: 'Sales', maxPasswordAgeDays: 45 }], neverExpiresGroup: null },
    });
    renderInApp(<OnPremisesCard />, { selected: buildTenant({ role: 'admin' }) });
    expect(await screen.findByLabelText('Maximum password age for Sales (days)')).toBeTruthy();
    await waitFor(() => expect(api.requestsTo('GET /api/configuration')).toHaveLength(1));
    expect(api.requestsTo('GET /api/security-groups')).toHaveLength(0);
  });
});
