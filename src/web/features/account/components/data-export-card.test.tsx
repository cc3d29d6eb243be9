import { describe, expect, it } from 'vitest';
import { buildTenant } from '../../../test-support/factories';
import { buttons, headings, renderHtml, textOf } from '../../../test-support/render-html';
import { DataExportCard } from './data-export-card';

describe('Export data', () => {
  it("offers the organization's owner its data as a zip", () => {
    const html = renderHtml(<DataExportCard />, { selected: buildTenant({ name: 'Contoso Ltd', role: 'owner' }) });
    expect(headings(html)).toContain('Export data');
    expect(buttons(html)).toContain('Export data');
    expect(textOf(html)).toContain("Download Contoso Ltd's configuration, users table, send ledger and audit log as a zip");
  });

  it('tells a member that only the owner can export, with no button that would fail', () => {
    const html = renderHtml(<DataExportCard />, { selected: buildTenant({ name: 'Contoso Ltd', role: 'admin' }) });
    expect(buttons(html)).not.toContain('Export data');
    expect(textOf(html)).toContain('Only the owner of Contoso Ltd can export its data.');
  });

  it('is not shown without an organization', () => {
    expect(textOf(renderHtml(<DataExportCard />))).toBe('');
  });
});
