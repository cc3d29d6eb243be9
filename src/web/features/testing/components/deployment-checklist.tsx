import type { ReactNode } from 'react';
import { CheckIcon, LightbulbIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfigurationQuery } from '@/lib/configuration-queries';

const ownAppRegistration = [
  'The app registration is in your own tenant (single tenant) and a Global Administrator granted admin consent.',
  'User.Read.All, Group.Read.All, GroupMember.Read.All, Mail.Send and Directory.Read.All show "Granted" under API permissions.',
  "The client secret's Value is saved, and its expiry date is in your calendar.",
];

/** Connected with Microsoft: the Passwatch app holds the permissions; there is no registration or secret of your own. */
const passwatchApp = ['A Global Administrator accepted the Passwatch app’s permissions (Connect with Microsoft), and the header says Connected to Tenant.'];

const common = [
  'From Email is a mailbox in the tenant (a licensed user or a shared mailbox).',
  'A test email arrived and looks right in Outlook.',
  'Preview Users lists the people you expect, and nobody you meant to exclude.',
  'Check time, time zone and weekend processing match your working week.',
  'The full system test reports no errors, and automation is enabled on the Overview tab.',
];

const tips = [
  'Run the full system test again after changing credentials or permissions.',
  'Send the test email to yourself before enabling automation.',
  'Renew the client secret before it expires; an expired secret stops every check.',
  'To keep Mail.Send to the sender mailbox only, scope the app with RBAC for Applications in Exchange Online.',
];

/** Static guidance beneath the tests (docs/product.md §Screens and routes), for how the organization is connected. */
export function DeploymentChecklist() {
  const { data: configuration } = useConfigurationQuery();
  const checklist = [...(configuration?.connectionMethod === 'passwatch_app' ? passwatchApp : ownAppRegistration), ...common];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <GuidanceCard
        title="Pre-Deployment Checklist"
        items={checklist}
        icon={<CheckIcon className="mt-0.5 size-4 shrink-0 text-success-strong" aria-hidden />}
      />
      <GuidanceCard title="Testing Tips" items={tips} icon={<LightbulbIcon className="mt-0.5 size-4 shrink-0 text-warning-strong" aria-hidden />} />
    </div>
  );
}

function GuidanceCard({ title, items, icon }: { title: string; items: readonly string[]; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {items.map((item) => (
            <li key={item} className="flex gap-2">
              {icon}
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
