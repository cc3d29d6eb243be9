// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../../../test-support/factories';
import { memoryStorage } from '../../../test-support/memory-storage';
import { renderInApp } from '../../../test-support/render-dom';
import { ConfigurationFormProvider } from '../hooks/configuration-form';
import { ConfigurationTab } from './configuration-tab';

// Group changes save at once (docs/product.md §States): a second pick while the first is still
// saving must be saved too, on top of the first, never dropped.

const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });
const saved = toWire(buildConfiguration({ includeGroups: [], excludeGroups: [] }));
const PILOT = { id: 'c0a8f1e2-0000-4000-8000-000000000001', displayName: 'Password Reminder Pilot' };
const LABS = { id: 'c0a8f1e2-0000-4000-8000-000000000002', displayName: 'R&D Labs' };

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

/** A server whose PUT answers only when the test says so, saving what was sent. */
function slowServer() {
  const releases: (() => void)[] = [];
  const api = stubApi({
    'GET /api/configuration': () => saved,
    'GET /api/security-groups': () => [PILOT, LABS],
    'GET /api/default-template': () => ({ template: '<p>Default</p>' }),
    'PUT /api/configuration': ({ body }) => new Promise<Response>((resolve) => releases.push(() => resolve(Response.json({ ...saved, ...(body as object) })))),
  });
  return { api, release: () => releases.shift()?.() };
}

async function pick(user: ReturnType<typeof userEvent.setup>, list: 'Include groups' | 'Exclude groups', group: string) {
  await user.click(screen.getByRole('combobox', { name: list }));
  await user.click(await screen.findByRole('option', { name: group }));
}

describe('group auto-save', () => {
  it('queues an exclude group chosen while the include group is still saving, and saves both', async () => {
    const { api, release } = slowServer();
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <ConfigurationFormProvider organizationId={contoso.id} storage={memoryStorage()}>
        <ConfigurationTab />
      </ConfigurationFormProvider>,
      { selected: contoso },
    );
    const include = await screen.findByRole('combobox', { name: 'Include groups' });
    // Enabled once the tenant's groups are in.
    await waitFor(() => expect(include.hasAttribute('disabled')).toBe(false));

    await pick(user, 'Include groups', PILOT.displayName);
    await waitFor(() => expect(api.requestsTo('PUT /api/configuration')).toHaveLength(1));
    // The first save has not answered: the chip shows, and the other list can still be changed.
    expect(within(screen.getByRole('list', { name: 'Chosen include groups' })).getByText(PILOT.displayName)).toBeTruthy();
    await pick(user, 'Exclude groups', LABS.displayName);
    expect(api.requestsTo('PUT /api/configuration')).toHaveLength(1);

    release();
    await waitFor(() => expect(api.requestsTo('PUT /api/configuration')).toHaveLength(2));
    expect(api.requestsTo('PUT /api/configuration')[1]?.body).toMatchObject({ includeGroups: [PILOT.id], excludeGroups: [LABS.id] });
    release();
    expect(await screen.findByText('Configuration saved successfully')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chosen exclude groups' })).getByText(LABS.displayName)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chosen include groups' })).getByText(PILOT.displayName)).toBeTruthy();
  });
});
