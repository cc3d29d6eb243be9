// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildTenant } from '../../../test-support/factories';
import { renderInApp } from '../../../test-support/render-dom';
import { SetupWizard } from './setup-wizard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('Setup Guide', () => {
  it('after Connect with Microsoft shows the connection and what is left, not the app registration steps', async () => {
    stubApi({});
    const onComplete = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <SetupWizard
        open
        onOpenChange={() => {}}
        onComplete={onComplete}
        demoMode={false}
        onUseDemoCredentials={() => {}}
        connectWithMicrosoft={<p>Connected with Microsoft</p>}
        connectedViaPasswatchApp
      />,
      { selected: buildTenant() },
    );
    expect(await screen.findByText('Connected with Microsoft')).toBeTruthy();
    expect(screen.queryByText(/Register the application/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Setup steps' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open the Configuration tab' }));
    expect(onComplete).toHaveBeenCalledOnce();
  });
});
