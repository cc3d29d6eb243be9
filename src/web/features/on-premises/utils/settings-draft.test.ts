import { describe, expect, it } from 'vitest';
import { onPremisesMessages } from '../../../../shared/api/on-premises';
import { addGroupAge, draftOf, moveGroupAge, removeGroupAge, setGroupAgeDays, validateDraft } from './settings-draft';

const SALES = { groupId: 'a1000000-0000-4000-8000-000000000002', groupName: 'Sales' };
const ADMINS = { groupId: 'a1000000-0000-4000-8000-000000000001', groupName: 'Domain Admins' };

const declared = () => ({ ...draftOf({ connectors: [], unmatchedGraphUsers: null, staleAfterHours: 48, declaredPolicy: null }), declared: true });

describe('the on-premises settings draft', () => {
  it('adds a group once, starting at the maximum age, and moves, edits and removes rows by position', () => {
    let draft = addGroupAge(addGroupAge(declared(), SALES), ADMINS);
    expect(addGroupAge(draft, { ...SALES, groupId: SALES.groupId.toUpperCase() })).toBe(draft);
    expect(draft.groupAges.map((row) => [row.groupName, row.maxPasswordAgeDays])).toEqual([
      ['Sales', '90'],
      ['Domain Admins', '90'],
    ]);
    expect(moveGroupAge(draft, 0, -1)).toBe(draft);
    expect(moveGroupAge(draft, 1, 1)).toBe(draft);
    draft = setGroupAgeDays(moveGroupAge(draft, 1, -1), 0, '30');
    expect(draft.groupAges.map((row) => [row.groupName, row.maxPasswordAgeDays])).toEqual([
      ['Domain Admins', '30'],
      ['Sales', '90'],
    ]);
    expect(removeGroupAge(draft, 0).groupAges.map((row) => row.groupName)).toEqual(['Sales']);
  });

  it('keys each message by the field path the server answers with, and sends no policy when switched off', () => {
    const draft = setGroupAgeDays(addGroupAge(declared(), SALES), 0, '');
    const checked = validateDraft({ ...draft, staleAfterHours: '0' });
    expect(checked).toEqual({
      success: false,
      fieldErrors: {
        staleAfterHours: onPremisesMessages.staleAfterHours,
        'declaredPolicy.groupAges.0.maxPasswordAgeDays': onPremisesMessages.maxPasswordAgeDays,
      },
    });
    expect(validateDraft({ ...draft, declared: false })).toEqual({ success: true, body: { staleAfterHours: 48, declaredPolicy: null } });
  });
});
