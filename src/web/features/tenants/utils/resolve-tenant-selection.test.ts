import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../test-support/factories';
import { resolveTenantSelection } from './resolve-tenant-selection';

describe('resolveTenantSelection', () => {
  it('keeps a selection that is still one of the user’s organizations', () => {
    const a = buildTenant();
    const b = buildTenant();
    expect(resolveTenantSelection({ selected: a, tenants: [a, b], autoSelect: true })).toEqual({ type: 'keep' });
  });

  it('refreshes a remembered selection whose fields changed on the server', () => {
    const stored = buildTenant({ subscriptionStatus: 'none' });
    const current = { ...stored, subscriptionStatus: 'active' as const };
    expect(resolveTenantSelection({ selected: stored, tenants: [current], autoSelect: false })).toEqual({
      type: 'select',
      tenant: current,
    });
  });

  it('clears a stale selection', () => {
    const stale = buildTenant();
    expect(resolveTenantSelection({ selected: stale, tenants: [buildTenant(), buildTenant()], autoSelect: true })).toEqual({
      type: 'clear',
    });
    expect(resolveTenantSelection({ selected: stale, tenants: [], autoSelect: true })).toEqual({ type: 'clear' });
  });

  it('replaces a stale selection by the only organization when auto-selection is allowed', () => {
    const only = buildTenant();
    expect(resolveTenantSelection({ selected: buildTenant(), tenants: [only], autoSelect: true })).toEqual({
      type: 'select',
      tenant: only,
    });
  });

  it('selects a single organization automatically', () => {
    const only = buildTenant();
    expect(resolveTenantSelection({ selected: null, tenants: [only], autoSelect: true })).toEqual({ type: 'select', tenant: only });
  });

  it('leaves the choice to the user with several organizations, none, or auto-selection off', () => {
    expect(resolveTenantSelection({ selected: null, tenants: [buildTenant(), buildTenant()], autoSelect: true })).toEqual({
      type: 'keep',
    });
    expect(resolveTenantSelection({ selected: null, tenants: [], autoSelect: true })).toEqual({ type: 'keep' });
    expect(resolveTenantSelection({ selected: null, tenants: [buildTenant()], autoSelect: false })).toEqual({ type: 'keep' });
  });
});
