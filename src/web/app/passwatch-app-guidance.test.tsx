// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../shared/api/entra-tenant-wire-name';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../test-support/factories';
import { renderInApp } from '../test-support/render-dom';
import { HelpTab } from '@/features/help/components/help-tab';
import { DeploymentChecklist } from '@/features/testing/components/deployment-checklist';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('Pre-Deployment Checklist', () => {
  it('asks an organization connected with Microsoft for no app registration or secret of its own', async () => {
    stubApi({ 'GET /api/configuration': () => toWire(buildConfiguration({ connectionMethod: 'passwatch_app' })) });
    renderInApp(<DeploymentChecklist />, { selected: buildTenant() });
    expect(await screen.findByText(/accepted the Passwatch app’s permissions/)).toBeTruthy();
    expect(screen.queryByText(/app registration is in your own tenant/)).toBeNull();
    expect(screen.queryByText(/client secret's Value/)).toBeNull();
  });

  it('gives such an organization its own Getting Started in Help', async () => {
    stubApi({ 'GET /api/configuration': () => toWire(buildConfiguration({ connectionMethod: 'passwatch_app' })) });
    renderInApp(<HelpTab />, { selected: buildTenant() });
    expect(await screen.findByText(/connected with Microsoft through the Passwatch app: no app registration/)).toBeTruthy();
    expect(screen.queryByText(/register an app in the Microsoft Entra admin center/)).toBeNull();
  });
});
