import type { Tenant } from '../../../../shared/api/tenants';

export type TenantSelectionChange = { type: 'keep' } | { type: 'select'; tenant: Tenant } | { type: 'clear' };

const keep: TenantSelectionChange = { type: 'keep' };

/**
 * Checks the remembered selection against the user's current organizations: a stale one is
 * dropped, a changed one is refreshed, and a lone organization is chosen when allowed.
 */
export function resolveTenantSelection({
  selected,
  tenants,
  autoSelect,
}: {
  selected: Tenant | null;
  tenants: readonly Tenant[];
  autoSelect: boolean;
}): TenantSelectionChange {
  const current = selected ? tenants.find((tenant) => tenant.id === selected.id) : undefined;
  if (current && selected) return sameTenantFields(current, selected) ? keep : { type: 'select', tenant: current };
  const onlyTenant = tenants.length === 1 ? tenants[0] : undefined;
  if (autoSelect && onlyTenant) return { type: 'select', tenant: onlyTenant };
  return selected ? { type: 'clear' } : keep;
}

function sameTenantFields(a: Tenant, b: Tenant): boolean {
  const keys = Object.keys(a) as (keyof Tenant)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
