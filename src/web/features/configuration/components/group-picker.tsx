import { XIcon } from 'lucide-react';
import type { SecurityGroup } from '../../../../shared/api/directory';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';
import { addGroup, groupChips, removeGroup, selectableGroups, type GroupList } from '../utils/group-selection';

const wording: Record<GroupList, { label: string; placeholder: string; hint: string; listName: string }> = {
  includeGroups: {
    label: 'Include groups',
    placeholder: 'Add a group to include',
    hint: 'Only members of these groups get reminders. None chosen: every enabled user.',
    listName: 'include groups',
  },
  excludeGroups: {
    label: 'Exclude groups',
    placeholder: 'Add a group to exclude',
    hint: 'Members of these groups never get reminders, even when an include group has them.',
    listName: 'exclude groups',
  },
};

/**
 * One of the two group lists: a dropdown of the groups not chosen in either list and the chosen
 * ones as removable chips. Every change saves at once (docs/product.md §States).
 */
export function GroupPicker({ list, groups }: { list: GroupList; groups: readonly SecurityGroup[] | undefined }) {
  const { values, errors, canChangeGroups, saveGroups } = useConfigurationForm();
  if (!values) return null;
  const selection = { includeGroups: values.includeGroups, excludeGroups: values.excludeGroups };
  const options = selectableGroups(groups ?? [], selection);
  const chips = groupChips(values[list], groups);
  const text = wording[list];

  return (
    <FormField id={configurationFieldId(list)} label={text.label} hint={text.hint} error={errors[list]}>
      {(control) => (
        <div className="grid gap-2">
          {/* Controlled with '' so the dropdown returns to its placeholder after each pick. */}
          <Select value="" onValueChange={(id) => saveGroups(addGroup(selection, list, id))} disabled={!canChangeGroups || options.length === 0}>
            <SelectTrigger {...control}>
              <SelectValue placeholder={options.length === 0 && groups ? 'No more groups to add' : text.placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((group) => (
                <SelectItem key={group.id} value={group.id}>
                  {group.displayName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {chips.length > 0 && (
            <ul aria-label={`Chosen ${text.listName}`} className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={chip.id}>
                  <Badge variant={chip.unknown ? 'warning' : 'secondary'} className="gap-1 py-1 pr-1 text-sm">
                    <span title={chip.unknown ? "This group is not among the tenant's security groups" : undefined}>
                      {chip.label}
                      {chip.unknown && ' (not found)'}
                    </span>
                    <button
                      type="button"
                      className="rounded-sm p-0.5 outline-none hover:bg-foreground/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
                      aria-label={`Remove ${chip.label} from ${text.listName}`}
                      disabled={!canChangeGroups}
                      onClick={() => saveGroups(removeGroup(selection, list, chip.id))}
                    >
                      <XIcon className="size-3.5" aria-hidden />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </FormField>
  );
}
