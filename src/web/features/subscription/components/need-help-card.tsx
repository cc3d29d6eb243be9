import { KeyRoundIcon, LifeBuoyIcon, MailIcon, UserCogIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useSupportEmail } from '../api/get-support-email';

export function NeedHelpCard() {
  const supportEmail = useSupportEmail();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <LifeBuoyIcon className="size-5 text-muted-foreground" aria-hidden />
          <CardTitle asChild>
            <h2>Need Help</h2>
          </CardTitle>
        </div>
        <CardDescription>Questions about billing or a payment that did not go through? We are here to help.</CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link href="/subscription/activate">
            <KeyRoundIcon aria-hidden />
            Manual Activation
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href="/account">
            <UserCogIcon aria-hidden />
            Account Settings
          </Link>
        </Button>
        {supportEmail && (
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${supportEmail}`}>
              <MailIcon aria-hidden />
              Contact Support
            </a>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
