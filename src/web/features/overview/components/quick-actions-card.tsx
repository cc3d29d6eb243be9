import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RunNowButton } from './run-now-button';

/**
 * Spec section 2: Test Configuration, Run Now, Save Configuration. The first and last belong to
 * the testing and configuration features; the app passes them in.
 */
export function QuickActionsCard({ testConfigurationButton, saveConfigurationButton }: { testConfigurationButton: ReactNode; saveConfigurationButton: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quick Actions</h2>
        </CardTitle>
        <CardDescription>Test the setup, check passwords now, or save your changes</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {testConfigurationButton}
        <RunNowButton />
        {saveConfigurationButton}
      </CardContent>
    </Card>
  );
}
