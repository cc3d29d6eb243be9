/** Reads the members of a group, nested groups included: user ids only. */
export interface GroupMemberReader {
  transitiveMemberIds(groupId: string): AsyncIterable<string>;
}

/** Who the include/exclude security groups select. */
export interface GroupFilter {
  selects(userId: string): boolean;
}

/**
 * With include groups, a user must be a transitive member of at least one of them; a transitive
 * member of any exclude group is left out either way. No groups: everyone. Groups are read
 * concurrently; a group that no longer exists fails the filter (GraphError not_found) rather than
 * silently selecting more or fewer people.
 */
export async function loadGroupFilter(
  reader: GroupMemberReader,
  groups: { includeGroups: readonly string[]; excludeGroups: readonly string[] },
): Promise<GroupFilter> {
  const [included, excluded] = await Promise.all([memberIdsOf(reader, groups.includeGroups), memberIdsOf(reader, groups.excludeGroups)]);
  const includeAll = groups.includeGroups.length === 0;
  return {
    selects(userId) {
      const id = userId.toLowerCase();
      return (includeAll || included.has(id)) && !excluded.has(id);
    },
  };
}

async function memberIdsOf(reader: GroupMemberReader, groupIds: readonly string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  await Promise.all(
    groupIds.map(async (groupId) => {
      for await (const id of reader.transitiveMemberIds(groupId)) ids.add(id.toLowerCase());
    }),
  );
  return ids;
}
