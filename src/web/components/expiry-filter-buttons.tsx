import type { PasswordExpirationFilter } from '../../shared/api/notifications';
import { EXPIRING_SOON_LABEL } from '../../shared/domain/expiring-soon';
import { Button } from '@/components/ui/button';

/** The filter buttons, in their order, and what each is called (the users table and Preview Users). */
const EXPIRY_FILTERS: readonly { filter: PasswordExpirationFilter; label: string }[] = [
  { filter: 'expiring_soon', label: EXPIRING_SOON_LABEL },
  { filter: 'expired', label: 'Expired' },
  { filter: 'no_date', label: 'No date' },
  { filter: 'all', label: 'All' },
];

/** Whether a user with `daysUntilExpiry` days left (null: no date) is shown under `filter`. */
export function matchesExpiryFilter(filter: PasswordExpirationFilter, daysUntilExpiry: number | null): boolean {
  switch (filter) {
    case 'expiring_soon':
      return daysUntilExpiry !== null && daysUntilExpiry >= 0;
    case 'expired':
      return daysUntilExpiry !== null && daysUntilExpiry < 0;
    case 'no_date':
      return daysUntilExpiry === null;
    case 'all':
      return true;
  }
}

/** Expiring soon / Expired / No date / All, each with how many users it holds. */
export function ExpiryFilterButtons({
  filter,
  counts,
  busy = false,
  onChange,
}: {
  filter: PasswordExpirationFilter;
  counts: Record<PasswordExpirationFilter, number> | undefined;
  busy?: boolean;
  onChange: (filter: PasswordExpirationFilter) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of filter buttons, not a form section; a fieldset would bring its own box and legend rules
    <div role="group" aria-label="Show users" className="flex flex-wrap gap-2">
      {EXPIRY_FILTERS.map((option) => (
        <Button
          key={option.filter}
          variant={option.filter === filter ? 'default' : 'outline'}
          size="sm"
          aria-pressed={option.filter === filter}
          aria-busy={busy && option.filter === filter}
          onClick={() => onChange(option.filter)}
        >
          {option.label}
          {counts && <span className="tabular-nums"> ({counts[option.filter].toLocaleString('en-US')})</span>}
        </Button>
      ))}
    </div>
  );
}
