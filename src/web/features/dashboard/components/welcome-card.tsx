import { RocketIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown until the organization has a configuration (docs/product.md §Screens and routes). */
export function WelcomeCard({ onStartSetup }: { onStartSetup: () => void }) {
  return (
    <Card className="border-primary/30 bg-primary/5">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-lg">
            <RocketIcon className="size-5 text-primary" aria-hidden />
            Welcome to Passwatch
          </h2>
        </CardTitle>
        <CardDescription>
          Connect your Microsoft Entra ID tenant to start reading password expiry dates and sending reminders. The Setup Wizard walks you through the app
          registration, its permissions and its client secret.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={onStartSetup}>Start Setup Wizard</Button>
      </CardContent>
    </Card>
  );
}
