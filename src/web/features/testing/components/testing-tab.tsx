import type { ReactNode } from 'react';
import { PlugZapIcon, ShieldCheckIcon } from 'lucide-react';
import { DeploymentChecklist } from './deployment-checklist';
import { RunTestCard } from './run-test-card';
import { TestResultsGrid } from './test-results-grid';

/**
 * The Testing tab. The test email card belongs to the notifications work, the Reconnect button
 * (offered when the test finds the admin consent removed) to Connect with Microsoft, and the offer
 * to switch automation on (after a Full System Test passes) to the Overview; all are passed in.
 */
export function TestingTab({
  testEmailCard,
  reconnectButton,
  automationOffer,
}: {
  testEmailCard?: ReactNode;
  reconnectButton?: ReactNode;
  automationOffer?: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <RunTestCard
          kind="connection"
          title="Connection Test"
          description="Signs in to your tenant with the saved credentials."
          buttonLabel="Test Connection"
          icon={PlugZapIcon}
        />
        {testEmailCard}
        <RunTestCard
          kind="system"
          title="Full System Test"
          description="Checks the connection, Graph permissions, email template and security groups."
          buttonLabel="Run Full System Test"
          icon={ShieldCheckIcon}
        />
      </div>
      <TestResultsGrid reconnectButton={reconnectButton} automationOffer={automationOffer} />
      <DeploymentChecklist />
    </div>
  );
}
