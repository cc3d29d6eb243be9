import { useState } from 'react';
import type { AuthUser } from '../../../../shared/api/auth';
import { PLAN_IDS, PLANS, type PlanId } from '../../../../shared/domain/plans';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/error-message';
import { useCreateSubscription } from '../api/create-subscription';
import { buyerDetails } from '../utils/subscription-state';
import { PlanCard } from './plan-card';

/** The Monthly and Yearly cards; paying sends the browser to PayPal (docs/product.md §States, purchase). */
export function PlanSelection({ heading, buyer }: { heading: string; buyer: Pick<AuthUser, 'email' | 'firstName' | 'lastName'> }) {
  const [selectedPlan, setSelectedPlan] = useState<PlanId | null>(null);
  const createSubscription = useCreateSubscription();
  // Still true after success: the page stays until the browser has left for PayPal.
  const redirecting = createSubscription.isPending || createSubscription.isSuccess;

  function pay(planType: PlanId) {
    createSubscription.mutate(
      { planType, ...buyerDetails(buyer) },
      {
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error, 'Failed to create subscription.') }),
      },
    );
  }

  return (
    <section aria-labelledby="plans-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="plans-heading" className="text-xl font-semibold tracking-tight">
          {heading}
        </h2>
        <p className="text-sm text-muted-foreground">Choose a plan, then confirm the payment with PayPal.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {PLAN_IDS.map((id) => (
          <PlanCard
            key={id}
            plan={PLANS[id]}
            selected={selectedPlan === id}
            redirecting={redirecting}
            onSelect={() => setSelectedPlan(id)}
            onPay={() => pay(id)}
            onDeselect={() => setSelectedPlan(null)}
          />
        ))}
      </div>
    </section>
  );
}
