import type { SecurityGroup } from '../../../../shared/api/directory';

export interface GroupSelection {
  includeGroups: string[];
  excludeGroups: string[];
}

export type GroupList = keyof GroupSelection;

// The server stores group ids lower-cased; Graph may send them in any case.
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** docs/product.md §Validation: a chosen group leaves both dropdowns. Sorted by name for the dropdown. */
export function selectableGroups(groups: readonly SecurityGroup[], selection: GroupSelection): SecurityGroup[] {
  const chosen = [...selection.includeGroups, ...selection.excludeGroups];
  return groups
    .filter((group) => !chosen.some((id) => sameId(id, group.id)))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en-US', { sensitivity: 'base' }));
}

export interface GroupChip {
  id: string;
  /** The group's name, or its id when the tenant no longer has it. */
  label: string;
  /** The id is saved but the tenant does not list such a security group (deleted, or not loaded). */
  unknown: boolean;
}

export function groupChips(ids: readonly string[], groups: readonly SecurityGroup[] | undefined): GroupChip[] {
  return ids.map((id) => {
    const group = groups?.find((candidate) => sameId(candidate.id, id));
    return group ? { id, label: group.displayName, unknown: false } : { id, label: id, unknown: true };
  });
}

const otherList: Record<GroupList, GroupList> = { includeGroups: 'excludeGroups', excludeGroups: 'includeGroups' };

/** Adds a group to one list; a group is never in both, so it leaves the other. */
export function addGroup(selection: GroupSelection, list: GroupList, id: string): GroupSelection {
  const other = otherList[list];
  const current = selection[list];
  return {
    ...selection,
    [list]: current.some((existing) => sameId(existing, id)) ? [...current] : [...current, id],
    [other]: selection[other].filter((existing) => !sameId(existing, id)),
  } as GroupSelection;
}

export function removeGroup(selection: GroupSelection, list: GroupList, id: string): GroupSelection {
  return { ...selection, [list]: selection[list].filter((existing) => !sameId(existing, id)) } as GroupSelection;
}
