import { describe, expect, it } from 'vitest';
import type { OrganizationOverview } from '../../../../shared/api/organizations-overview';
import { renderHtml, textOf } from '../../../test-support/render-html';
import { OrganizationsOverviewPage } from './organizations-overview-page';

const row = (overrides: Partial<OrganizationOverview>): OrganizationOverview => ({
  id: 'org',
  name: 'Contoso',
  domain: 'contoso.com',
  role: 'owner',
  configured: true,
  connectionStatus: 'connected',
  expiringSoon: 0,
  expired: 0,
  neverReminded: 0,
  lastCheck: null,
  nextCheck: null,
  failedReminders: 0,
  subscriptionStatus: 'active',
  ...overrides,
});

describe('Organizations overview page', () => {
  it('lists every organization by name with its figures and the user’s role, each sortable', () => {
    const html = renderHtml(<OrganizationsOverviewPage />, {
      path: '/organizations',
      queryData: [
        [
          ['/api/organizations/overview'],
          [
            row({ id: 'b', name: 'Fabrikam', role: 'viewer', configured: false, connectionStatus: 'unknown', subscriptionStatus: 'none' }),
            row({ id: 'a', name: 'Adatum', expiringSoon: 12, expired: 3, neverReminded: 4, failedReminders: 2 }),
          ],
        ],
      ],
    });
    const text = textOf(html);
    expect(text.indexOf('Adatum')).toBeLessThan(text.indexOf('Fabrikam'));
    expect(text).toContain('Adatum contoso.com');
    expect(text).toContain('connected 12 3 4 — — 2 active Owner');
    expect(text).toContain('not configured 0 0 0 — — 0 none Viewer');
    expect(html).toContain('aria-sort="ascending"');
  });
});
