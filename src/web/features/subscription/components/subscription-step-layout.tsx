import type { ReactNode } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';
import { LogoutButton } from '@/components/logout-button';
import { PageLayout } from '@/components/page-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * The pages around a PayPal payment (its return, its cancel, manual activation): the normal
 * header (Back to the subscription page, Logout), the title and one card centred under it.
 */
export function SubscriptionStepLayout({ title, children, live = false }: { title: string; children: ReactNode; live?: boolean }) {
  return (
    <PageLayout
      title={title}
      centred
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link href="/subscription">
              <ArrowLeftIcon aria-hidden />
              Back
            </Link>
          </Button>
          <LogoutButton />
        </>
      }
    >
      <Card className="mx-auto w-full max-w-xl" aria-live={live ? 'polite' : undefined}>
        {children}
      </Card>
    </PageLayout>
  );
}

/** The card's buttons: centred, wrapping on a phone, the first one the way forward. */
export const STEP_ACTIONS_CLASS = 'flex-wrap justify-center gap-2';
