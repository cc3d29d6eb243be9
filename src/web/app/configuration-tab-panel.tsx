import type { ReactNode } from 'react';
import { ReadOnlyUnless } from '@/components/role-gate';
import { ConfigurationTab } from '@/features/configuration/components/configuration-tab';
import { OnPremisesCard } from '@/features/on-premises/components/on-premises-card';
import { HelpdeskDigestCard } from '@/features/helpdesk-digest/components/helpdesk-digest-card';
import { DryRunPanel } from '@/features/reminder-policy/components/dry-run-panel';
import { ReminderPolicyCard } from '@/features/reminder-policy/components/reminder-policy-card';
import { ReminderRecipientsCard } from '@/features/reminder-recipients/components/reminder-recipients-card';
import { TemplateLanguagesCard } from '@/features/template-languages/components/template-languages-card';
import { TestConfigurationButton } from '@/features/testing/components/test-configuration-button';

export interface ConfigurationTabPanelProps {
  /** What came of Connect with Microsoft, when the browser came back from it to this tab. */
  notice: ReactNode;
  microsoftConnection: ReactNode;
  /** A configuration is saved: Test Configuration and the reminder policy apply. */
  testable: boolean;
  companyName: string;
  timeZone: string | undefined;
}

/**
 * The Configuration tab's panel, composed from the features that own its sections: a chunk of
 * its own, loaded when the tab first opens (the dashboard opens on the Overview). A new section is
 * one more entry in the list.
 */
export default function ConfigurationTabPanel({ notice, microsoftConnection, testable, companyName, timeZone }: ConfigurationTabPanelProps) {
  return (
    <ConfigurationTab
      notice={notice}
      actions={<TestConfigurationButton disabled={!testable} />}
      microsoftConnection={microsoftConnection}
      templateLanguages={<TemplateLanguagesCard />}
      sections={[
        {
          id: 'reminder-policy',
          title: 'Reminder policy',
          content: testable && (
            <>
              <ReminderPolicyCard companyName={companyName} timeZone={timeZone} />
              <DryRunPanel />
            </>
          ),
        },
        { id: 'pilot-and-managers', title: 'Pilot and managers', content: <ReminderRecipientsCard /> },
        { id: 'digest', title: 'Digest', content: <HelpdeskDigestCard /> },
        {
          id: 'on-premises',
          title: 'On-premises Active Directory',
          content: (
            // Connectors and the declared policy are the owner's (docs/product.md §On-premises Active Directory).
            <ReadOnlyUnless needed="owner">
              <OnPremisesCard />
            </ReadOnlyUnless>
          ),
        },
      ]}
    />
  );
}
