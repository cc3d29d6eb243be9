import { describe, expect, it } from 'vitest';
import { addGroup, groupChips, removeGroup, selectableGroups } from './group-selection';

const groups = [
  { id: 'aaa', displayName: 'Sales' },
  { id: 'bbb', displayName: 'finance' },
  { id: 'ccc', displayName: 'All Staff' },
  { id: 'ddd', displayName: 'R&D <Labs>' },
];

describe('selectableGroups', () => {
  it('leaves out groups chosen in either list and sorts by name', () => {
    expect(selectableGroups(groups, { includeGroups: ['aaa'], excludeGroups: ['DDD'] }).map((group) => group.displayName)).toEqual(['All Staff', 'finance']);
  });
});

describe('addGroup and removeGroup', () => {
  it('adds to one list and takes the group out of the other', () => {
    expect(addGroup({ includeGroups: ['aaa'], excludeGroups: ['bbb'] }, 'includeGroups', 'bbb')).toEqual({
      includeGroups: ['aaa', 'bbb'],
      excludeGroups: [],
    });
  });

  it('does not add a group twice', () => {
    expect(addGroup({ includeGroups: ['aaa'], excludeGroups: [] }, 'includeGroups', 'AAA').includeGroups).toEqual(['aaa']);
  });

  it('removes from the named list only', () => {
    expect(removeGroup({ includeGroups: ['aaa'], excludeGroups: ['bbb'] }, 'excludeGroups', 'bbb')).toEqual({
      includeGroups: ['aaa'],
      excludeGroups: [],
    });
  });
});

describe('groupChips', () => {
  it('names known groups and marks saved ids the tenant does not list', () => {
    expect(groupChips(['aaa', 'zzz'], groups)).toEqual([
      { id: 'aaa', label: 'Sales', unknown: false },
      { id: 'zzz', label: 'zzz', unknown: true },
    ]);
  });
});
