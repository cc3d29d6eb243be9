import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react';
import type { SecurityGroup } from '../../../../shared/api/directory';
import { MAX_DECLARED_GROUP_AGES } from '../../../../shared/api/on-premises';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SecurityGroupsPending } from '@/components/security-groups-pending';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useConfigurationQuery } from '@/lib/configuration-queries';
import { getErrorMessage } from '@/lib/error-message';
import type { FieldMessages } from '@/lib/form-errors';
import { useCan } from '@/lib/member-role';
import { groupsReadableWith, useSecurityGroups } from '@/lib/security-groups-query';
import { addGroupAge, moveGroupAge, removeGroupAge, setGroupAgeDays, type GroupRef, type SettingsDraft } from '../utils/settings-draft';

const NO_GROUPS = 'No security groups available';
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const byName = (a: SecurityGroup, b: SecurityGroup) => a.displayName.localeCompare(b.displayName, 'en-US', { sensitivity: 'base' });
const refOf = (group: SecurityGroup): GroupRef => ({ groupId: group.id, groupName: group.displayName });

/** The dropdown's groups, by name. */
function GroupItems({ groups }: { groups: readonly SecurityGroup[] }) {
  return (
    <SelectContent>
      {groups.map((group) => (
        <SelectItem key={group.id} value={group.id}>
          {group.displayName}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

/** A saved group the tenant no longer lists (deleted or renamed away): shown by its saved name, flagged. */
function NotFound({ group, groups }: { group: GroupRef; groups: readonly SecurityGroup[] | undefined }) {
  if (!groups || groups.some((candidate) => sameId(candidate.id, group.groupId))) return null;
  return (
    <Badge variant="warning" title="This group is not among the tenant's security groups">
      not found
    </Badge>
  );
}

/**
 * The declared policy's groups: ages standing in for PSOs, in the order they decide, and the group
 * whose members never expire. Groups are picked from the tenant's security groups, as the group
 * filters are; what is saved keeps the group's name, so it reads the same without the list.
 */
export function DeclaredPolicyGroups({ draft, onChange, errors }: { draft: SettingsDraft; onChange: (draft: SettingsDraft) => void; errors: FieldMessages }) {
  const { data: configuration } = useConfigurationQuery();
  // The declared policy is the owner's; reading the tenant's groups takes an admin (owners are).
  const readable = useCan('owner') && groupsReadableWith(configuration);
  const groupsQuery = useSecurityGroups({ enabled: readable });
  const groups = groupsQuery.data ? [...groupsQuery.data].sort(byName) : undefined;
  const ageOptions = (groups ?? []).filter((group) => !draft.groupAges.some((row) => sameId(row.groupId, group.id)));
  const full = draft.groupAges.length >= MAX_DECLARED_GROUP_AGES;
  const never = draft.neverExpiresGroup;
  const noGroups = groups?.length === 0;
  const addPlaceholder = noGroups
    ? NO_GROUPS
    : full
      ? `At most ${MAX_DECLARED_GROUP_AGES} group ages`
      : groups && ageOptions.length === 0
        ? 'No more groups to add'
        : 'Add a group age';

  return (
    <div className="grid gap-5">
      <SecurityGroupsPending connectionSaved={!configuration || groupsReadableWith(configuration)} loading={readable && groupsQuery.isPending} />
      {groupsQuery.isError && (
        <Alert variant="destructive">
          <AlertTitle>Unable to load security groups</AlertTitle>
          <AlertDescription>{getErrorMessage(groupsQuery.error, groupsQuery.error.message)}</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-2">
        <Label id="group-ages-label">Group ages (standing in for fine-grained password policies)</Label>
        <p id="group-ages-hint" className="text-sm text-muted-foreground">
          A member of one of these groups (nested groups count) gets its age instead of the maximum above. A user in several gets the first of them in this
          list, as the PSO with the lowest precedence wins in AD: order them like your PSOs. The never-expiring group below beats them all.
        </p>
        {draft.groupAges.length === 0 ? (
          <p className="text-sm text-muted-foreground">No group ages: every synced user gets the maximum password age.</p>
        ) : (
          <ol aria-labelledby="group-ages-label" className="grid gap-2">
            {draft.groupAges.map((row, index) => {
              const fieldId = `group-age-${index}`;
              const error = errors[`declaredPolicy.groupAges.${index}.maxPasswordAgeDays`] ?? errors[`declaredPolicy.groupAges.${index}.groupId`];
              return (
                <li key={row.groupId} className="grid gap-1 rounded-md border p-2" aria-label={row.groupName}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 font-medium break-words">
                      {index + 1}. {row.groupName} <NotFound group={row} groups={groups} />
                    </span>
                    <label htmlFor={fieldId} className="sr-only">
                      Maximum password age for {row.groupName} (days)
                    </label>
                    <Input
                      id={fieldId}
                      inputMode="numeric"
                      className="w-20"
                      value={row.maxPasswordAgeDays}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${fieldId}-error` : undefined}
                      onChange={(event) => onChange(setGroupAgeDays(draft, index, event.target.value))}
                    />
                    <span className="text-sm text-muted-foreground">days</span>
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${row.groupName} up`}
                        disabled={index === 0}
                        onClick={() => onChange(moveGroupAge(draft, index, -1))}
                      >
                        <ArrowUpIcon aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Move ${row.groupName} down`}
                        disabled={index === draft.groupAges.length - 1}
                        onClick={() => onChange(moveGroupAge(draft, index, 1))}
                      >
                        <ArrowDownIcon aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${row.groupName}`}
                        onClick={() => onChange(removeGroupAge(draft, index))}
                      >
                        <XIcon aria-hidden />
                      </Button>
                    </div>
                  </div>
                  {error && (
                    <p id={`${fieldId}-error`} className="text-sm font-medium text-destructive">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {errors['declaredPolicy.groupAges'] && <p className="text-sm font-medium text-destructive">{errors['declaredPolicy.groupAges']}</p>}
        {/* Controlled with '' so the dropdown returns to its placeholder after each pick. */}
        <Select
          value=""
          onValueChange={(id) => {
            const group = ageOptions.find((candidate) => candidate.id === id);
            if (group) onChange(addGroupAge(draft, refOf(group)));
          }}
          disabled={!groups || ageOptions.length === 0 || full}
        >
          <SelectTrigger aria-label="Add a group age" aria-describedby="group-ages-hint">
            <SelectValue placeholder={addPlaceholder} />
          </SelectTrigger>
          <GroupItems groups={ageOptions} />
        </Select>
      </div>

      <FormField
        id="never-expires-group"
        label="Never-expiring group"
        hint="Members of this group (nested groups count) show “Never expires”, whatever their group ages, like accounts with “Password never expires” set in AD."
        error={errors['declaredPolicy.neverExpiresGroup.groupId'] ?? errors['declaredPolicy.neverExpiresGroup.groupName']}
      >
        {(control) => (
          <div className="grid gap-2">
            {never ? (
              <div className="flex flex-wrap items-center gap-2" data-testid="never-expires-group">
                <span className="min-w-0 font-medium break-words">{never.groupName}</span>
                <NotFound group={never} groups={groups} />
                <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ ...draft, neverExpiresGroup: null })}>
                  Remove
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No never-expiring group.</p>
            )}
            <Select
              value=""
              onValueChange={(id) => {
                const group = groups?.find((candidate) => candidate.id === id);
                if (group) onChange({ ...draft, neverExpiresGroup: refOf(group) });
              }}
              disabled={!groups || groups.length === 0}
            >
              <SelectTrigger {...control}>
                <SelectValue placeholder={noGroups ? NO_GROUPS : never ? 'Choose another group' : 'Choose a group'} />
              </SelectTrigger>
              <GroupItems groups={groups ?? []} />
            </Select>
          </div>
        )}
      </FormField>
    </div>
  );
}
