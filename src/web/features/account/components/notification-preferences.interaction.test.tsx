// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../../../shared/api/account';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { NotificationPreferencesCard } from './notification-preferences-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('Notifications', () => {
  it('says what Security Alerts are about, and shows beside a toggle that its change was saved', async () => {
    let stored = { ...DEFAULT_NOTIFICATION_PREFERENCES };
    const api = stubApi({
      'GET /api/notification-preferences': () => stored,
      'PUT /api/notification-preferences': ({ body }) => {
        stored = { ...stored, ...(body as object) };
        return stored;
      },
      'GET /api/account-mail/status': () => ({ enabled: true }),
      'GET /api/app-info': () => ({ demoMode: false, adminHint: null, simulatedMailboxUrl: null, accountMailSinkUrl: null, supportEmail: 'help@example.com' }),
    });
    const user = userEvent.setup({ delay: null });
    renderInApp(<NotificationPreferencesCard />, { selected: buildTenant() });
    const toggle = await screen.findByRole('switch', { name: 'Security Alerts' });
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(toggle.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent ?? '';
    expect(description).toMatch(/configuration/i);
    expect(description).not.toMatch(/sign-ins/i);
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));

    await user.click(toggle);
    await waitFor(() => expect(api.requestsTo('PUT /api/notification-preferences')).toHaveLength(1));
    expect(await screen.findByRole('status', { name: 'Security Alerts saved' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Weekly Reports saved' })).toBeNull();
  });
});
