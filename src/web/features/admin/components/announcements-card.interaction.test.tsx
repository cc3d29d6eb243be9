// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { AnnouncementsCard } from './announcements-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('System updates', () => {
  it('says what is missing at the fields of an empty announcement and sends nothing', async () => {
    const api = stubApi({ 'GET /api/admin/announcements': () => [] });
    const user = userEvent.setup({ delay: null });
    renderInApp(<AnnouncementsCard />, { selected: buildTenant() });
    await user.click(screen.getByRole('button', { name: 'Publish System Update' }));
    expect(await screen.findByText('Enter the announcement')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
