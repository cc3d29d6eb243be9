import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { type DemoGraphCredentials, TENANT_PATTERN } from '../../shared/api/configuration';
import type { ConsentReturnPage } from '../../shared/api/entra-consent';
import { requiresSubscription } from '../../shared/domain/subscription-status';
import { ClientSecretExpiryAlert } from '@/features/configuration/components/client-secret-expiry-alert';
import { ClientSecretExpiryField } from '@/features/configuration/components/client-secret-expiry-field';
import { ForecastCard } from '@/features/reminder-policy/components/forecast-card';
import { SaveConfigurationButton } from '@/features/configuration/components/save-configuration-button';
import { ConfigurationFormProvider, useConfigurationForm } from '@/features/configuration/hooks/configuration-form';
import { prefetchConfiguration } from '@/features/configuration/api/prefetch-configuration';
import { useConnectionStatus } from '@/features/dashboard/api/get-connection-status';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import type { DashboardTab } from '@/features/dashboard/utils/dashboard-tabs';
import { useAppInfo } from '@/lib/app-info';
import { prefetchOverview } from '@/features/overview/api/prefetch-overview';
import { AutomationOffer } from '@/features/overview/components/automation-offer';
import { OverviewTab } from '@/features/overview/components/overview-tab';
import { StatCards } from '@/features/overview/components/stat-cards';
import { ConnectWithMicrosoftButton } from '@/features/entra-consent/components/connect-with-microsoft-button';
import { ConnectWithMicrosoftPanel } from '@/features/entra-consent/components/connect-with-microsoft-panel';
import { ConsentResultAlert } from '@/features/entra-consent/components/consent-result-alert';
import { PasswatchAppConnection } from '@/features/entra-consent/components/passwatch-app-connection';
import { type ConsentReturn, readConsentReturn, withoutConsentReturn } from '@/features/entra-consent/utils/consent-return';
import { OrganizationSwitcher } from '@/features/tenants/components/organization-switcher';
import { TestConfigurationButton } from '@/features/testing/components/test-configuration-button';
import { TestEmailCard } from '@/features/test-email/components/test-email-card';
import { ReadOnlyUnless } from '@/components/role-gate';
import { useCan } from '@/lib/member-role';
import { useTenantContext } from '@/lib/tenant-context';
import { Spinner } from '@/components/ui/spinner';

// The tabs behind the Overview and the Setup Guide load when first opened: the dashboard's first
// view parses only what it shows (docs/architecture.md §Web performance).
const ConfigurationTabPanel = lazy(() => import('./configuration-tab-panel'));
const TestingTab = lazy(() => import('@/features/testing/components/testing-tab').then((module) => ({ default: module.TestingTab })));
const HelpTab = lazy(() => import('@/features/help/components/help-tab').then((module) => ({ default: module.HelpTab })));
const SetupWizard = lazy(() => import('@/features/setup-wizard/components/setup-wizard').then((module) => ({ default: module.SetupWizard })));

function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** True from the first time `value` is true on. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

function LoadDashboardData() {
  useConnectionStatus();
  const queryClient = useQueryClient();
  useEffect(() => {
    prefetchConfiguration(queryClient);
    prefetchOverview(queryClient);
  }, [queryClient]);
  return null;
}

/**
 * Beside the subscription gate: the dashboard shows once the connection status is known, so for an
 * organization whose subscription the organization list already calls active it loads while the
 * gate checks the status, not in a chain after it, and so do the configuration form's and the
 * Overview's first answers: the dashboard renders once with them instead of asking after it mounted and
 * rendering again as each answers (docs/architecture.md §Web performance). Not asked for any other
 * organization: the gate sends it to /subscription.
 */
export function DashboardDataBesideGate() {
  const { selectedTenant } = useTenantContext();
  return selectedTenant && !requiresSubscription(selectedTenant.subscriptionStatus) ? <LoadDashboardData key={selectedTenant.id} /> : null;
}

/**
 * The dashboard, composed from the features that own its parts. The configuration form lives
 * above the tabs (edits survive switching tabs) and starts afresh for each organization.
 */
export function DashboardRoute({ isAdmin }: { isAdmin: boolean }) {
  const { selectedTenantId } = useTenantContext();
  if (!selectedTenantId) return null;
  return <OrganizationDashboard key={selectedTenantId} organizationId={selectedTenantId} isAdmin={isAdmin} />;
}

interface TabState {
  activeTab: DashboardTab;
  setActiveTab: (tab: DashboardTab) => void;
}

/** One organization's dashboard; a save refused over a field (Save sits on the Overview too) opens the Configuration tab. */
function OrganizationDashboard({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  // Back from Connect with Microsoft: the page it started from, with what came of it.
  const search = useSearch();
  const [consentReturn] = useState(() => readConsentReturn(search));
  const [activeTab, setActiveTab] = useState<DashboardTab>(consentReturn.showConfiguration ? 'configuration' : 'overview');
  useEffect(() => {
    if (consentReturn.result !== null) window.history.replaceState(window.history.state, '', withoutConsentReturn(window.location.href));
  }, [consentReturn]);
  return (
    <ConfigurationFormProvider organizationId={organizationId} onShowInvalidField={() => setActiveTab('configuration')}>
      <DashboardContent isAdmin={isAdmin} activeTab={activeTab} setActiveTab={setActiveTab} consentReturn={consentReturn} />
    </ConfigurationFormProvider>
  );
}

function DashboardContent({ isAdmin, activeTab, setActiveTab, consentReturn }: { isAdmin: boolean; consentReturn: ConsentReturn } & TabState) {
  const [setupGuideOpen, setSetupGuideOpen] = useState(consentReturn.openSetupGuide);
  const setupGuideWanted = useOnceTrue(setupGuideOpen);
  const { applyCredentials, configuration, values } = useConfigurationForm();
  const { selectedTenant } = useTenantContext();
  const isOrganizationAdmin = useCan('admin');
  const isOwner = useCan('owner');
  const consentAlert = consentReturn.result ? <ConsentResultAlert result={consentReturn.result} /> : null;
  // Connected with Microsoft: its status and Reconnect; otherwise the button, for the tenant typed if any.
  // Connecting reaches the whole directory: the owner's decision.
  const microsoftConnection = (returnTo: ConsentReturnPage) =>
    !isOwner ? null : configuration?.connectionMethod === 'passwatch_app' ? (
      <PasswatchAppConnection entraTenantId={configuration.entraTenantId} returnTo={returnTo} />
    ) : (
      <ConnectWithMicrosoftPanel returnTo={returnTo} tenant={TENANT_PATTERN.test(values?.entraTenantId ?? '') ? values?.entraTenantId : undefined} />
    );
  // Test Configuration tests the saved configuration: nothing to test before the first save.
  const testable = configuration?.configured ?? false;
  const { data: appInfo } = useAppInfo();

  function fillDemoCredentials({ entraTenantId, azureDirectoryId, applicationId, clientSecret, fromEmail }: DemoGraphCredentials) {
    applyCredentials({ entraTenantId, azureDirectoryId, applicationId, clientSecret, fromEmail });
  }

  return (
    <>
      <DashboardPage
        isAdmin={isAdmin}
        organizationSwitcher={<OrganizationSwitcher />}
        activeTab={activeTab}
        onActiveTabChange={setActiveTab}
        onOpenSetupGuide={isOrganizationAdmin ? () => setSetupGuideOpen(true) : null}
        notices={<ClientSecretExpiryAlert onOpenConfiguration={() => setActiveTab('configuration')} />}
        statCards={<StatCards />}
        tabs={{
          overview: (
            <div className="grid gap-6">
              <OverviewTab
                testConfigurationButton={<TestConfigurationButton disabled={!testable} />}
                saveConfigurationButton={<SaveConfigurationButton requiresSavedConfiguration />}
              />
              {testable && <ForecastCard />}
            </div>
          ),
          configuration: (
            <LazyPanel>
              <ReadOnlyUnless needed="admin">
                <ConfigurationTabPanel
                  notice={consentReturn.showConfiguration && consentAlert}
                  microsoftConnection={microsoftConnection('configuration')}
                  testable={testable}
                  companyName={selectedTenant?.name ?? ''}
                  timeZone={values?.timeZone}
                />
              </ReadOnlyUnless>
            </LazyPanel>
          ),
          testing: (
            <LazyPanel>
              <ReadOnlyUnless needed="admin">
                <TestingTab
                  testEmailCard={<TestEmailCard />}
                  reconnectButton={isOwner ? <ConnectWithMicrosoftButton returnTo="configuration" reconnect /> : null}
                  automationOffer={<AutomationOffer />}
                />
              </ReadOnlyUnless>
            </LazyPanel>
          ),
          help: (
            <LazyPanel>
              <HelpTab />
            </LazyPanel>
          ),
        }}
      />
      {/* Loaded the first time it opens; kept mounted after, so it closes with its animation. */}
      {setupGuideWanted && (
        <Suspense fallback={null}>
          <SetupWizard
            open={setupGuideOpen && isOrganizationAdmin}
            onOpenChange={setSetupGuideOpen}
            onComplete={() => {
              setSetupGuideOpen(false);
              setActiveTab('configuration');
            }}
            demoMode={appInfo?.demoMode ?? false}
            onUseDemoCredentials={fillDemoCredentials}
            connectWithMicrosoft={
              <div className="grid gap-3">
                {consentReturn.openSetupGuide && consentAlert}
                {microsoftConnection('setup')}
              </div>
            }
            clientSecretExpiryField={<ClientSecretExpiryField controlId="setup-clientSecretExpiresAt" suggestWhenEmpty />}
            connectedViaPasswatchApp={configuration?.connectionMethod === 'passwatch_app'}
          />
        </Suspense>
      )}
    </>
  );
}
