// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi, type RouteHandler } from '../../../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../../../test-support/factories';
import { memoryStorage } from '../../../test-support/memory-storage';
import { renderInApp } from '../../../test-support/render-dom';
import { ConfigurationFormProvider } from '../hooks/configuration-form';
import { ConfigurationTab } from './configuration-tab';

// The Configuration tab in a DOM, against a stubbed server: what an admin types, what the form
// says back, and what it sends. Fields are found by their labels, as a user finds them.

const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });

// As the server sends it (the API's field names).
const saved = toWire(buildConfiguration());

/** Saves what was sent, as the server answers it: never with the secret, only that one is stored. */
const saveAsSent: RouteHandler = ({ body }) => {
  const { clientSecret: _secret, ...sent } = body as Record<string, unknown>;
  return { ...saved, ...sent, hasClientSecret: true, clientSecretUpdatedAt: '2025-03-20T09:00:00.000Z' };
};

function serve(save: RouteHandler = saveAsSent) {
  return stubApi({
    'GET /api/configuration': () => saved,
    'GET /api/security-groups': () => [{ id: 'c0a8f1e2-0000-4000-8000-000000000001', displayName: 'Password Reminder Pilot' }],
    'GET /api/default-template': () => ({ template: '<p>Default</p>' }),
    'POST /api/configuration': save,
  });
}

async function openForm() {
  const user = userEvent.setup({ delay: null });
  renderInApp(
    <ConfigurationFormProvider organizationId={contoso.id} storage={memoryStorage()}>
      <ConfigurationTab />
    </ConfigurationFormProvider>,
    { selected: contoso },
  );
  await screen.findByRole('form', { name: 'Configuration' });
  return user;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save Configuration' });
/** The message shown at a field: the text its control is described by, past the hint. */
const messageAt = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.filter((id) => id.endsWith('-error')).map((id) => document.getElementById(id)?.textContent);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('Configuration tab', () => {
  it('shows the saved configuration, and never a secret', async () => {
    serve();
    await openForm();
    expect(field('Tenant ID').value).toBe('contoso.onmicrosoft.com');
    expect(field('From Email').value).toBe('passwatch@contoso.com');
    expect(field('Client Secret').value).toBe('');
    expect(field('Client Secret').type).toBe('password');
    expect(screen.getByText(/A client secret is saved/)).toBeTruthy();
  });

  it('shows what is wrong at each field and sends nothing while the form is invalid', async () => {
    const api = serve();
    const user = await openForm();

    await user.clear(field('Tenant ID'));
    await user.clear(field('From Email'));
    await user.type(field('From Email'), 'not-an-address');
    await user.click(saveButton());

    expect(messageAt('Tenant ID')).toEqual(['Tenant ID is required']);
    expect(messageAt('From Email')).toEqual(['Valid email address is required']);
    expect(field('Tenant ID').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Tenant ID')));
    expect(api.requestsTo('POST /api/configuration')).toEqual([]);

    // Correcting a field clears its message.
    await user.type(field('Tenant ID'), 'contoso.onmicrosoft.com');
    expect(messageAt('Tenant ID')).toEqual([]);
    expect(messageAt('From Email')).toEqual(['Valid email address is required']);
  });

  it('sends the whole configuration in the API names for the organization, with a typed secret once', async () => {
    const api = serve();
    const user = await openForm();

    await user.clear(field('From Email'));
    await user.type(field('From Email'), 'it-notices@contoso.com');
    await user.type(field('Client Secret'), 'new~secret-value');
    await user.click(saveButton());

    await waitFor(() => expect(api.requestsTo('POST /api/configuration')).toHaveLength(1));
    const [request] = api.requestsTo('POST /api/configuration');
    expect(request?.headers['x-tenant-id']).toBe(contoso.id);
    expect(request?.body).toMatchObject({
      tenantId: 'contoso.onmicrosoft.com',
      azureDirectoryId: saved.azureDirectoryId,
      applicationId: saved.applicationId,
      clientSecret: 'new~secret-value',
      fromEmail: 'it-notices@contoso.com',
      checkTime: '08:00',
      timeZone: 'America/New_York',
      daysBeforeExpiration: 7,
      weekendProcessing: 'skip',
      passwordValidityDays: 365,
    });
    expect(request?.body).not.toHaveProperty('entraTenantId');
    expect(await screen.findByText('Configuration saved successfully')).toBeTruthy();
    // Write-only: once saved, the secret leaves the page.
    await waitFor(() => expect(field('Client Secret').value).toBe(''));
    expect(screen.getByText(/A client secret is saved/)).toBeTruthy();
  });

  it('keeps the saved secret when the field is left blank', async () => {
    const api = serve();
    const user = await openForm();

    await user.click(saveButton());

    await waitFor(() => expect(api.requestsTo('POST /api/configuration')).toHaveLength(1));
    expect(api.requestsTo('POST /api/configuration')[0]?.body).not.toHaveProperty('clientSecret');
  });

  it("shows the server's refusal at the field it names, and in the toast", async () => {
    serve(
      () =>
        new Response(
          JSON.stringify({ message: 'The mailbox does not exist in the tenant', fieldErrors: { fromEmail: ['The mailbox does not exist in the tenant'] } }),
          {
            status: 400,
          },
        ),
    );
    const user = await openForm();

    await user.clear(field('From Email'));
    await user.type(field('From Email'), 'nobody@contoso.com');
    await user.click(saveButton());

    await waitFor(() => expect(messageAt('From Email')).toEqual(['The mailbox does not exist in the tenant']));
    expect(screen.getByText('Failed to save configuration: The mailbox does not exist in the tenant.')).toBeTruthy();
    // What was typed stays, to be corrected.
    expect(field('From Email').value).toBe('nobody@contoso.com');
  });

  it("shows the server's message when it names no field", async () => {
    serve(() => new Response(JSON.stringify({ message: 'An active subscription is required' }), { status: 403 }));
    const user = await openForm();

    await user.click(saveButton());

    const toast = await screen.findByText('An active subscription is required');
    expect(within(toast.parentElement!).getByText('Error')).toBeTruthy();
  });
});

// Group changes save at once (docs/product.md §States): a second pick while the first is still
// saving must be saved too, on top of the first, never dropped.

const savedWithoutGroups = toWire(buildConfiguration({ includeGroups: [], excludeGroups: [] }));
const PILOT = { id: 'c0a8f1e2-0000-4000-8000-000000000001', displayName: 'Password Reminder Pilot' };
const LABS = { id: 'c0a8f1e2-0000-4000-8000-000000000002', displayName: 'R&D Labs' };

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

/** A server whose PUT answers only when the test says so, saving what was sent. */
function slowServer() {
  const releases: (() => void)[] = [];
  const api = stubApi({
    'GET /api/configuration': () => savedWithoutGroups,
    'GET /api/security-groups': () => [PILOT, LABS],
    'GET /api/default-template': () => ({ template: '<p>Default</p>' }),
    'PUT /api/configuration': ({ body }) =>
      new Promise<Response>((resolve) => releases.push(() => resolve(Response.json({ ...savedWithoutGroups, ...(body as object) })))),
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
    const user = await openForm();
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
