import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../../../shared/api/configuration';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { buildConfiguration, buildTenant } from '../../../test-support/factories';
import { memoryStorage } from '../../../test-support/memory-storage';
import { buttonNames, renderHtml, textOf } from '../../../test-support/render-html';
import { ConfigurationFormProvider } from '../hooks/configuration-form';
import { ClientSecretExpiryAlert } from './client-secret-expiry-alert';

const organization = buildTenant();

const configuration = buildConfiguration({ clientSecretExpiresAt: '2026-12-01' });

// 2026-11-24 03:00 UTC: still Nov 23 in New York, already Nov 24 in Berlin.
const NOW = Date.UTC(2026, 10, 24, 3, 0);

function render(saved: Partial<Configuration>): string {
  return renderHtml(
    <ConfigurationFormProvider organizationId={organization.id} storage={memoryStorage()}>
      <ClientSecretExpiryAlert onOpenConfiguration={() => {}} now={NOW} />
    </ConfigurationFormProvider>,
    { path: '/dashboard', selected: organization, queryData: [[configurationQueryKey, { ...configuration, ...saved }]] },
  );
}

describe('ClientSecretExpiryAlert', () => {
  it("counts the days on the organization's calendar and links to the Configuration tab", () => {
    const inNewYork = render({ timeZone: 'America/New_York' });
    expect(textOf(inNewYork)).toContain('Client secret expires in 8 days');
    expect(textOf(inNewYork)).toContain('The Entra client secret expires on 12/1/2026.');
    expect(inNewYork).toContain('data-threshold="14"');
    expect(buttonNames(inNewYork)).toContain('Open the Configuration tab');

    const inBerlin = render({ timeZone: 'Europe/Berlin' });
    expect(textOf(inBerlin)).toContain('Client secret expires in 7 days');
    expect(inBerlin).toContain('data-threshold="7"');
  });

  it('says tomorrow on the last day, and nothing more than 30 days ahead', () => {
    expect(textOf(render({ clientSecretExpiresAt: '2026-11-24' }))).toContain('Client secret expires tomorrow');
    expect(textOf(render({ clientSecretExpiresAt: '2026-12-23' }))).toContain('Client secret expires in 30 days');
    expect(render({ clientSecretExpiresAt: '2026-12-24' })).not.toContain('role="alert"');
  });

  it('says reminders will fail once the secret has expired', () => {
    const html = textOf(render({ clientSecretExpiresAt: '2026-11-23' }));
    expect(html).toContain('Client secret expired');
    expect(html).toContain('Reminders will fail until a new secret is saved.');
  });

  it('asks for a missing date, and says nothing for a connection without a secret', () => {
    expect(textOf(render({ clientSecretExpiresAt: null }))).toContain('Client secret expiry date missing');
    expect(render({ hasClientSecret: false, clientSecretExpiresAt: null })).not.toContain('role="alert"');
    expect(render({ hasClientSecret: false, clientSecretExpiresAt: '2026-11-25' })).not.toContain('role="alert"');
  });
});
