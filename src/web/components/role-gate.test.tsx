import { describe, expect, it } from 'vitest';
import { buildTenant } from '../test-support/factories';
import { renderHtml, textOf } from '../test-support/render-html';
import { OnlyFor, ReadOnlyUnless } from './role-gate';

const gated = (
  <>
    <ReadOnlyUnless needed="admin">
      <button type="button">Save Configuration</button>
    </ReadOnlyUnless>
    <OnlyFor needed="owner">
      <button type="button">Send Invitation</button>
    </OnlyFor>
  </>
);

describe('role gates', () => {
  it('leave everything usable for an owner, with no notice', () => {
    const html = renderHtml(gated, { selected: buildTenant({ role: 'owner' }) });
    expect(html).not.toContain('<fieldset disabled');
    expect(textOf(html)).toBe('Save Configuration Send Invitation');
  });

  it('show a helpdesk member the admin part read-only, saying why, and hide the owner part', () => {
    const html = renderHtml(gated, { selected: buildTenant({ role: 'helpdesk' }) });
    expect(html).toMatch(/<fieldset disabled=""[^>]*>.*Save Configuration/);
    expect(textOf(html)).toContain('Read-only: your role is Helpdesk. Changing this takes the Admin role or higher.');
    expect(textOf(html)).not.toContain('Send Invitation');
  });

  it('say it once when a part needing more is nested in a read-only part, and once for an admin', () => {
    const nested = (
      <ReadOnlyUnless needed="admin">
        <button type="button">Save Configuration</button>
        <ReadOnlyUnless needed="owner">
          <button type="button">Add Connector</button>
        </ReadOnlyUnless>
      </ReadOnlyUnless>
    );
    const helpdesk = textOf(renderHtml(nested, { selected: buildTenant({ role: 'helpdesk' }) }));
    expect(helpdesk.match(/Read-only: your role is Helpdesk/g)).toHaveLength(1);
    const adminHtml = renderHtml(nested, { selected: buildTenant({ role: 'admin' }) });
    expect(textOf(adminHtml).match(/Read-only: your role is Admin/g)).toHaveLength(1);
    expect(adminHtml).toMatch(/<fieldset disabled=""[^>]*>.*Add Connector/);
    expect(adminHtml).not.toMatch(/<fieldset disabled=""[^>]*>.*Save Configuration/);
  });
});
