import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Configuration, ConnectionStatus } from '../../shared/api/configuration';
import type { SecurityGroup } from '../../shared/api/directory';
import { configurationQueryKey } from '@/lib/configuration-queries';
import { securityGroupsQueryKey } from '@/lib/security-groups-query';
import { ConfigurationTab } from '@/features/configuration/components/configuration-tab';
import { ConfigurationFormProvider } from '@/features/configuration/hooks/configuration-form';
import { toFormValues } from '@/features/configuration/utils/configuration-form-values';
import { saveFormState } from '@/features/configuration/utils/form-state-storage';
import { connectionStatusQueryKey } from '@/features/dashboard/api/get-connection-status';
import { HelpTab } from '@/features/help/components/help-tab';
import { TestingTab } from '@/features/testing/components/testing-tab';
import type { KeyValueStorage } from '@/lib/browser-storage';
import { buildConfiguration, buildTenant } from '../test-support/factories';
import { memoryStorage } from '../test-support/memory-storage';
import { buttonNames, renderHtml, textOf } from '../test-support/render-html';
import { DashboardRoute } from './dashboard-route';

// First paint through server-side rendering (no DOM): what each part shows for given data.
const contoso = buildTenant({ name: 'Contoso', domain: 'contoso.com' });

const savedConfiguration = buildConfiguration({ includeGroups: ['pilot-id'], excludeGroups: ['gone-id'] });

const groups: SecurityGroup[] = [
  { id: 'pilot-id', displayName: 'Password Reminder Pilot' },
  { id: 'finance-id', displayName: 'Finance' },
];

interface DashboardData {
  configuration?: Configuration;
  securityGroups?: SecurityGroup[];
  connection?: ConnectionStatus;
}

function render(node: ReactNode, { configuration, securityGroups, connection }: DashboardData = {}): string {
  const queryData: [QueryKey, unknown][] = [
    [configurationQueryKey, configuration],
    [securityGroupsQueryKey, securityGroups],
    [connectionStatusQueryKey, connection],
  ];
  return renderHtml(node, { path: '/dashboard', selected: contoso, queryData: queryData.filter(([, data]) => data !== undefined) });
}

const savedFormValues = () => toFormValues(savedConfiguration, null);

const renderConfigurationTab = (data: DashboardData, storage: KeyValueStorage = memoryStorage()) =>
  render(
    <ConfigurationFormProvider organizationId={contoso.id} storage={storage}>
      <ConfigurationTab />
    </ConfigurationFormProvider>,
    data,
  );

const inputValue = (html: string, id: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`<input[^>]*value="([^"]*)"[^>]*id="${id}"`).exec(html)?.[1];

describe('dashboard header', () => {
  const unconfigured: ConnectionStatus = {
    configured: false,
    connectionStatus: 'unknown',
    message: null,
    problem: null,
    missingPermissions: [],
    checkedAt: null,
  };

  it('offers the Setup Guide and, without a configuration, the welcome card and Not Configured', () => {
    const html = render(<DashboardRoute isAdmin={false} />, { connection: unconfigured });
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Setup Guide', 'Start Setup Wizard', 'Logout']));
    expect(textOf(html)).toContain('Not Configured');
  });

  it('reads Connected to Tenant and drops the welcome card once configured and connected', () => {
    const html = render(<DashboardRoute isAdmin={false} />, {
      connection: {
        configured: true,
        connectionStatus: 'connected',
        message: 'Connected',
        problem: null,
        missingPermissions: [],
        checkedAt: '2025-03-01T15:00:00.000Z',
      },
    });
    expect(textOf(html)).toContain('Connected to Tenant');
    expect(buttonNames(html)).not.toContain('Start Setup Wizard');
  });

  it('reads Connection Issues after a failed call', () => {
    const html = render(<DashboardRoute isAdmin={false} />, {
      connection: {
        configured: true,
        connectionStatus: 'error',
        message: 'The client secret has expired.',
        problem: 'credentials',
        missingPermissions: [],
        checkedAt: null,
      },
    });
    expect(textOf(html)).toContain('Connection Issues');
    expect(textOf(html)).toContain('The client secret has expired.');
  });
});

describe('Configuration tab', () => {
  it('shows the saved values, never a secret, and says that one is saved', () => {
    const html = renderConfigurationTab({ configuration: savedConfiguration, securityGroups: groups });
    expect(inputValue(html, 'configuration-entraTenantId')).toBe('contoso.onmicrosoft.com');
    expect(inputValue(html, 'configuration-clientSecret')).toBe('');
    expect(html).toContain('placeholder="Leave blank to keep the saved secret"');
    expect(textOf(html)).toContain('A client secret is saved (since 3/1/2025)');
    expect(inputValue(html, 'configuration-daysBeforeExpiration')).toBe('7');
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Save Configuration', 'Preview Users']));
  });

  it('shows chosen groups as removable chips, naming a saved group the tenant no longer has', () => {
    const html = renderConfigurationTab({ configuration: savedConfiguration, securityGroups: groups });
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Remove Password Reminder Pilot from include groups', 'Remove gone-id from exclude groups']));
    expect(textOf(html)).toContain('gone-id (not found)');
  });

  it('offers any IANA zone beyond the five listed ones', () => {
    const offered = renderConfigurationTab({ configuration: savedConfiguration });
    expect(offered).toMatch(/<button[^>]*role="combobox"[^>]*id="configuration-timeZone"/);
    expect(textOf(offered)).not.toContain('IANA time zone');

    const other = renderConfigurationTab({ configuration: { ...savedConfiguration, timeZone: 'Europe/London' } });
    expect(textOf(other)).toContain('IANA time zone');
    expect(inputValue(other, 'configuration-timeZone')).toBe('Europe/London');
    expect(other).toContain('<option value="Europe/Paris">');
  });

  it('says when the tenant has no security groups', () => {
    expect(textOf(renderConfigurationTab({ configuration: savedConfiguration, securityGroups: [] }))).toContain('No security groups available');
  });

  it('asks for the tenant connection before groups can load or be previewed', () => {
    const unsaved = {
      ...savedConfiguration,
      configured: false,
      entraTenantId: '',
      applicationId: '',
      hasClientSecret: false,
      includeGroups: [],
      excludeGroups: [],
    };
    const html = renderConfigurationTab({ configuration: unsaved });
    expect(textOf(html)).toContain('Save the tenant connection first');
    expect(html).not.toContain('placeholder="Leave blank to keep the saved secret"');
    expect(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Preview Users/.test(html)).toBe(true);
  });

  it('restores a recent unsaved form from session storage, without any secret', () => {
    const storage = memoryStorage();
    saveFormState(
      storage,
      contoso.id,
      { ...savedFormValues(), entraTenantId: 'fabrikam.onmicrosoft.com', clientSecret: 'typed-secret', daysBeforeExpiration: '12' },
      Date.now(),
    );
    const html = renderConfigurationTab({ configuration: savedConfiguration }, storage);
    expect(inputValue(html, 'configuration-entraTenantId')).toBe('fabrikam.onmicrosoft.com');
    expect(inputValue(html, 'configuration-daysBeforeExpiration')).toBe('12');
    expect(inputValue(html, 'configuration-clientSecret')).toBe('');
    expect(textOf(html)).toContain('You have unsaved changes.');
  });

  it('ignores another organization’s stored form', () => {
    const storage = memoryStorage();
    saveFormState(storage, 'another-org', { ...savedFormValues(), entraTenantId: 'fabrikam.onmicrosoft.com' }, Date.now());
    const html = renderConfigurationTab({ configuration: savedConfiguration }, storage);
    expect(inputValue(html, 'configuration-entraTenantId')).toBe('contoso.onmicrosoft.com');
    expect(textOf(html)).toContain('All changes saved.');
  });
});

describe('Testing tab', () => {
  it('offers the connection and full system tests, an empty results grid and the checklist', () => {
    const html = render(<TestingTab testEmailCard={<section>Test email slot</section>} />);
    const text = textOf(html);
    expect(buttonNames(html)).toEqual(expect.arrayContaining(['Test Connection', 'Run Full System Test']));
    expect(text).toContain('Test email slot');
    expect(text).toContain('No test has run yet.');
    for (const check of ['Tenant Connection', 'Graph Permissions', 'Email Template', 'Security Groups']) expect(text).toContain(check);
    expect(text).toContain('Pre-Deployment Checklist');
  });
});

describe('Help tab', () => {
  it('lists the documented common issues', () => {
    const text = textOf(render(<HelpTab />));
    for (const issue of ['Invalid client', 'Insufficient permissions', 'No users found']) expect(text).toContain(issue);
  });
});
