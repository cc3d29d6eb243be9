import type { ReactNode } from 'react';
import { BookOpenIcon, CalendarClockIcon, CircleHelpIcon, MailIcon, ShieldQuestionIcon } from 'lucide-react';
import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../../../shared/domain/configuration-defaults';
import { expiryReasonLabel, type ExpiryReason } from '../../../../shared/domain/password-expiry';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfigurationQuery } from '@/lib/configuration-queries';

const gettingStarted = [
  'Open the Setup Guide (top right) and register an app in the Microsoft Entra admin center, as a Global Administrator.',
  'Grant the five Microsoft Graph application permissions and admin consent, then create a client secret.',
  'Enter the IDs, the secret’s Value and the sender mailbox on the Configuration tab and choose Save Configuration.',
  'Run Test Configuration; fix anything the results grid reports on the Testing tab.',
  'Pick include and exclude security groups and check the result with Preview Users.',
  'Adjust the email template and schedule, send yourself a test email, and enable automation on the Overview tab.',
];

/** Connected with Microsoft: the Passwatch app holds the permissions, so there is nothing to register. */
const gettingStartedViaPasswatchApp = [
  'This organization is connected with Microsoft through the Passwatch app: no app registration, API permissions or client secret of your own.',
  'Enter the sender mailbox on the Configuration tab and choose Save Configuration.',
  'Run the Full System Test on the Testing tab; if it reports the app’s consent removed, choose Reconnect and Accept as a Global Administrator.',
  'Pick include and exclude security groups and check the result with Preview Users.',
  'Adjust the email template and schedule, send yourself a test email, and enable automation on the Overview tab.',
];

const expirySources: { reason: ExpiryReason; explanation: string }[] = [
  { reason: 'domain_policy', explanation: 'The last password change plus the validity period of the user’s domain in Entra ID.' },
  { reason: 'organization_default', explanation: 'The domain sets no period, so Password Validity from the schedule settings applies.' },
  { reason: 'never_expires_user_policy', explanation: 'The user has the DisablePasswordExpiration policy: no reminders.' },
  { reason: 'never_expires_domain_policy', explanation: 'The domain’s passwords are set never to expire (Microsoft’s default for newer tenants).' },
  { reason: 'federated', explanation: 'Another identity provider owns the password; Entra ID cannot tell when it expires.' },
  {
    reason: 'managed_on_premises',
    explanation: 'Synced from on-premises Active Directory, whose expiry is not visible to Microsoft Graph, and no fresh connector snapshot dates it.',
  },
  {
    reason: 'on_premises_domain_policy',
    explanation: 'The domain controller’s own date (sent by the Passwatch Connector) under the AD domain’s maximum password age.',
  },
  { reason: 'on_premises_pso', explanation: 'The domain controller’s own date under the fine-grained password policy (PSO) that applies to the user.' },
  {
    reason: 'on_premises_estimated',
    explanation:
      'No connector reports the user: the last change Graph saw plus the declared on-premises policy’s age (the first declared group the user is in, else the maximum age).',
  },
  {
    reason: 'on_premises_never_expires',
    explanation: 'Active Directory says the password never expires, or the user is in the declared never-expiring group.',
  },
  { reason: 'on_premises_must_change', explanation: 'Active Directory requires a new password at the next sign-in.' },
  { reason: 'on_premises_changed', explanation: 'Graph saw a password change after the last snapshot: no reminder until a newer one arrives.' },
];

const variableMeanings: Record<TemplateVariable, string> = {
  '{{userName}}': 'The recipient’s display name',
  '{{daysRemaining}}': 'Days until the password expires',
  '{{expirationDate}}': 'The expiry date, e.g. 3/15/2025',
  '{{companyName}}': 'This organization’s name',
  '{{userPrincipalName}}': 'The recipient’s sign-in name, e.g. ada@contoso.com',
  '{{changePasswordUrl}}': 'Microsoft’s page where users change their own password (https://mysignins.microsoft.com/security-info/password/change)',
};

const commonIssues: { id: string; title: string; symptom: string; fixes: string[] }[] = [
  {
    id: 'invalid-client',
    title: 'Invalid client',
    symptom: 'The connection test fails with invalid_client (AADSTS7000215 or AADSTS7000222).',
    fixes: [
      'AADSTS7000215: the Secret ID was pasted instead of the secret’s Value. The Value is shown only right after the ' +
        'secret is created: create a new secret and copy its Value column.',
      'AADSTS7000222: the secret has expired. Create a new one under Certificates & secrets and save its Value.',
      'AADSTS700016: the Application ID is not registered in this tenant. Copy the Application (client) ID from the ' + 'app’s Overview page.',
    ],
  },
  {
    id: 'insufficient-permissions',
    title: 'Insufficient permissions',
    symptom: 'Graph answers “Insufficient privileges to complete the operation.” (Authorization_RequestDenied).',
    fixes: [
      'Under API permissions, add the missing Microsoft Graph application permissions (not delegated ones): ' +
        'User.Read.All, Group.Read.All, GroupMember.Read.All, Mail.Send, Directory.Read.All.',
      'Choose “Grant admin consent for <your organization>” as a Global Administrator; every permission must show Granted.',
      'Groups with hidden membership also need Member.Read.Hidden. New consent can take a few minutes to apply.',
    ],
  },
  {
    id: 'no-users-found',
    title: 'No users found',
    symptom: 'Preview Users or the users table shows nobody, or fewer people than expected.',
    fixes: [
      'Check the include groups: with any chosen, only their members (nested groups included) are considered.',
      'Members of an exclude group are always left out, even when an include group has them.',
      'Disabled accounts and guests get no reminders; neither do passwords that never expire or are managed by ' + 'federation or on-premises.',
      'Users who never set a password have no change date to count from.',
    ],
  },
];

/** The Help & Documentation tab: static guidance. */
export function HelpTab() {
  const { data: configuration } = useConfigurationQuery();
  const steps = configuration?.connectionMethod === 'passwatch_app' ? gettingStartedViaPasswatchApp : gettingStarted;
  return (
    <div className="grid gap-6">
      <HelpSection icon={<BookOpenIcon />} title="Getting Started">
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </HelpSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <HelpSection
          icon={<CircleHelpIcon />}
          title="How Expiry Dates Are Found"
          description="Each user’s date, or the reason there is none, is shown with its source."
        >
          <dl className="grid gap-3 text-sm">
            {expirySources.map(({ reason, explanation }) => (
              <div key={reason}>
                <dt className="font-medium">{expiryReasonLabel(reason)}</dt>
                <dd className="text-muted-foreground">{explanation}</dd>
              </div>
            ))}
          </dl>
        </HelpSection>

        <div className="grid content-start gap-6">
          <HelpSection icon={<MailIcon />} title="Template Variables" description="Replaced for each recipient when the email is sent.">
            <dl className="grid gap-2 text-sm">
              {TEMPLATE_VARIABLES.map((name) => (
                <div key={name} className="flex flex-wrap gap-x-3">
                  <dt>
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{name}</code>
                  </dt>
                  <dd className="text-muted-foreground">{variableMeanings[name]}</dd>
                </div>
              ))}
            </dl>
          </HelpSection>
          <HelpSection icon={<CalendarClockIcon />} title="Scheduling">
            <p className="text-sm text-muted-foreground">
              The check runs daily at the check time in the chosen time zone, following daylight saving time. Users are reminded from Days Before Expiration
              until the day their password expires. Weekend processing decides whether checks run on Saturday and Sunday, or whether Friday’s run sends the
              weekend’s reminders early.
            </p>
          </HelpSection>
        </div>
      </div>

      <HelpSection icon={<ShieldQuestionIcon />} title="Common Issues">
        <div className="grid gap-5 md:grid-cols-3">
          {commonIssues.map((issue) => (
            <section key={issue.id} aria-labelledby={`help-issue-${issue.id}`} className="grid content-start gap-2">
              <h3 id={`help-issue-${issue.id}`} className="font-medium">
                {issue.title}
              </h3>
              <p className="text-sm text-muted-foreground">{issue.symptom}</p>
              <ul className="grid list-disc gap-1.5 pl-5 text-sm">
                {issue.fixes.map((fix) => (
                  <li key={fix}>{fix}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </HelpSection>
    </div>
  );
}

function HelpSection({ icon, title, description, children }: { icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-primary">
            <span aria-hidden>{icon}</span>
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
