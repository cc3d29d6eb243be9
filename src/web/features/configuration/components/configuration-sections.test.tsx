// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toWire } from '../../../../shared/api/entra-tenant-wire-name';
import { selectedTenantStore } from '@/lib/tenant-store';
import { stubApi } from '../../../test-support/api-stub';
import { buildConfiguration, buildTenant } from '../../../test-support/factories';
import { memoryStorage } from '../../../test-support/memory-storage';
import { renderInApp } from '../../../test-support/render-dom';
import { ConfigurationFormProvider } from '../hooks/configuration-form';
import { ConfigurationTab } from './configuration-tab';

// The Configuration tab's sections: the navigation links to each one there is, in page order.

const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectedTenantStore.clearSelectedTenant();
});

describe('Configuration sections', () => {
  it("lists the form's sections, then the ones passed in; a section with nothing to show is left out", async () => {
    stubApi({
      'GET /api/configuration': () => toWire(buildConfiguration()),
      'GET /api/security-groups': () => [],
      'GET /api/default-template': () => ({ template: '<p>Default</p>' }),
    });
    renderInApp(
      <ConfigurationFormProvider organizationId={contoso.id} storage={memoryStorage()}>
        <ConfigurationTab
          sections={[
            { id: 'reminder-policy', title: 'Reminder policy', content: false },
            { id: 'digest', title: 'Digest', content: <p>Digest card</p> },
          ]}
        />
      </ConfigurationFormProvider>,
      { selected: contoso },
    );
    await screen.findByRole('form', { name: 'Configuration' });

    const nav = screen.getByRole('navigation', { name: 'Configuration sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Connection', 'Email', 'Schedule and groups', 'Digest']);
    // Each link jumps to a section of that name, which holds its cards.
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.getAttribute('aria-label')).toBe(link.textContent);
    }
    expect(within(screen.getByRole('region', { name: 'Digest' })).getByText('Digest card')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Connection' })).getByLabelText('From Email')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reminder policy' })).toBeNull();
  });
});
