import { describe, expect, it } from 'vitest';
import { summarizeConfigurationSaves, type ConfigurationSave } from './configuration-change-summary.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString();

describe('summarizeConfigurationSaves', () => {
  it('shows a setting saved several times once, from its first state to its last, with the count and the last time', () => {
    const saves: ConfigurationSave[] = [
      { at: at(0), actor: 'Ada', changes: null },
      { at: at(1), actor: 'Ada', changes: [{ setting: 'check time', from: '08:00', to: '09:00' }] },
      {
        at: at(2),
        actor: 'Grace',
        changes: [
          { setting: 'check time', from: '09:00', to: '10:00' },
          { setting: 'client secret', action: 'replaced' },
        ],
      },
      { at: at(3), actor: 'Ada', changes: [{ setting: 'check time', from: '10:00', to: '10:30' }] },
    ];
    expect(summarizeConfigurationSaves(saves)).toEqual({
      from: '2026-11-27 10:00 UTC',
      to: '2026-11-27 10:03 UTC',
      lines: [
        { what: 'configuration', change: 'created', by: ['Ada'], saves: 1, lastAt: '2026-11-27 10:00 UTC' },
        { what: 'check time', change: '08:00 → 10:30', by: ['Ada', 'Grace'], saves: 3, lastAt: '2026-11-27 10:03 UTC' },
        { what: 'client secret', change: 'replaced', by: ['Grace'], saves: 1, lastAt: '2026-11-27 10:02 UTC' },
      ],
    });
  });

  it('says a value set back to where it started was changed and set back', () => {
    const { lines } = summarizeConfigurationSaves([
      { at: at(0), actor: 'Ada', changes: [{ setting: 'automation', from: 'enabled', to: 'disabled' }] },
      { at: at(4), actor: 'Ada', changes: [{ setting: 'automation', from: 'disabled', to: 'enabled' }] },
    ]);
    expect(lines).toEqual([{ what: 'automation', change: 'changed, then set back to enabled', by: ['Ada'], saves: 2, lastAt: '2026-11-27 10:04 UTC' }]);
  });

  it('counts the net groups added and removed: a group added and removed again in the window is no change', () => {
    const { lines } = summarizeConfigurationSaves([
      { at: at(0), actor: 'Ada', changes: [{ setting: 'include groups', added: ['a', 'b'], removed: [] }] },
      { at: at(1), actor: 'Ada', changes: [{ setting: 'include groups', added: ['c'], removed: ['b', 'x'] }] },
      { at: at(2), actor: 'Ada', changes: [{ setting: 'exclude groups', added: ['z'], removed: [] }] },
      { at: at(3), actor: 'Ada', changes: [{ setting: 'exclude groups', added: [], removed: ['z'] }] },
    ]);
    expect(lines.map(({ what, change }) => `${what}: ${change}`)).toEqual(['include groups: 2 added, 1 removed', 'exclude groups: changed, then set back']);
  });

  it('tells each different action of a setting in order, a repeated one once', () => {
    const { lines } = summarizeConfigurationSaves([
      { at: at(0), actor: 'Ada', changes: [{ setting: 'client secret', action: 'stored' }] },
      { at: at(1), actor: 'Ada', changes: [{ setting: 'client secret', action: 'replaced' }] },
      { at: at(2), actor: 'Ada', changes: [{ setting: 'client secret', action: 'replaced' }] },
    ]);
    expect(lines[0]).toMatchObject({ change: 'stored, then replaced', saves: 3 });
  });

  it('refuses an empty window', () => {
    expect(() => summarizeConfigurationSaves([])).toThrow('at least one save');
  });
});
