import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { TenantProvider, useTenantContext } from './tenant-context';
import { createSelectedTenantStore } from './tenant-store';

function SelectedTenantProbe() {
  const { selectedTenant, selectedTenantId } = useTenantContext();
  return <p>{`${selectedTenant?.name ?? 'none'}|${selectedTenantId ?? 'null'}`}</p>;
}

describe('useTenantContext', () => {
  it('throws outside a TenantProvider', () => {
    expect(() => renderToString(<SelectedTenantProbe />)).toThrow(new Error('useTenantContext must be used within a TenantProvider'));
  });

  it('reports no selection as null', () => {
    const html = renderToString(
      <TenantProvider store={createSelectedTenantStore(null)}>
        <SelectedTenantProbe />
      </TenantProvider>,
    );
    expect(html).toContain('none|null');
  });

  it('exposes the selected tenant and its id', () => {
    const store = createSelectedTenantStore(null);
    store.setSelectedTenant(buildTenant({ id: 'tenant-7', name: 'Fabrikam' }));
    const html = renderToString(
      <TenantProvider store={store}>
        <SelectedTenantProbe />
      </TenantProvider>,
    );
    expect(html).toContain('Fabrikam|tenant-7');
  });
});
