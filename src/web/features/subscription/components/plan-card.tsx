import { useEffect, useRef } from 'react';
import { CheckIcon, LoaderCircleIcon } from 'lucide-react';
import type { Plan } from '../../../../shared/domain/plans';
import { formatUsd } from '../../../../shared/domain/us-format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * One plan (docs/product.md §Constants). Two steps: 'Select Plan', then 'Pay with PayPal' or 'Cancel'.
 * The card is a labelled region so that "the Monthly card" can be found by name.
 */
export function PlanCard({
  plan,
  selected,
  redirecting,
  onSelect,
  onPay,
  onDeselect,
}: {
  plan: Plan;
  selected: boolean;
  /** The purchase started: the browser is on its way to PayPal. */
  redirecting: boolean;
  onSelect: () => void;
  onPay: () => void;
  onDeselect: () => void;
}) {
  const payButton = useRef<HTMLButtonElement>(null);
  // The select step replaces the button that had focus: move focus to the next step's button.
  useEffect(() => {
    if (selected) payButton.current?.focus();
  }, [selected]);

  const titleId = `plan-${plan.id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('h-full transition-shadow', selected && 'border-primary ring-2 ring-primary/40')}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle asChild>
            <h3 id={titleId} className="text-xl">
              {plan.name}
            </h3>
          </CardTitle>
          {plan.savingsText && <Badge variant="success">{plan.savingsText}</Badge>}
        </div>
        <p className="mt-2">
          <span className="text-3xl font-bold tracking-tight">{formatUsd(plan.priceUsd)}</span>
          <span className="text-muted-foreground"> per {plan.interval}</span>
        </p>
        {plan.perMonthText && <CardDescription>That is {plan.perMonthText}.</CardDescription>}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm" aria-label={`${plan.name} plan features`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        {selected ? (
          <>
            <Button ref={payButton} onClick={onPay} disabled={redirecting}>
              {redirecting && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              Pay with PayPal
            </Button>
            <Button variant="outline" onClick={onDeselect} disabled={redirecting}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={onSelect} disabled={redirecting} aria-describedby={titleId}>
            Select Plan
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
