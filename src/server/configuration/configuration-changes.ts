import { CONFIGURATION_FIELDS, type ConfigurationField, type ConfigurationFieldOfKind } from '../../shared/api/configuration.js';
import { timeZoneLabel } from '../../shared/domain/time-zones.js';
import type { SettingChange } from '../account-mail/index.js';
import type { ConfigurationSettings } from './configuration-store.js';

type ValueField = ConfigurationFieldOfKind<'value'>;
type GroupsField = ConfigurationFieldOfKind<'groups'>;
type SettingValue = string | number | boolean | null;

/** One changed setting as the audit log records it: values for plain settings, never the secret. */
export type ConfigurationChange =
  | { field: ValueField; from: SettingValue; to: SettingValue }
  | { field: ConfigurationFieldOfKind<'text'> }
  | { field: ConfigurationFieldOfKind<'secret'>; action: 'stored' | 'replaced' }
  | { field: GroupsField; added: string[]; removed: string[] };

const fieldsAudited = <Kind extends 'value' | 'text' | 'groups'>(kind: Kind) =>
  (Object.keys(CONFIGURATION_FIELDS) as ConfigurationField[]).filter(
    (field): field is ConfigurationFieldOfKind<Kind> => CONFIGURATION_FIELDS[field].audit === kind,
  );
const VALUE_FIELDS = fieldsAudited('value');
const TEXT_FIELDS = fieldsAudited('text');
const GROUPS_FIELDS = fieldsAudited('groups');

/** Settings that decide which tenant and app the server talks to. */
export const CONNECTION_FIELDS: ReadonlySet<ConfigurationChange['field']> = new Set(
  (Object.keys(CONFIGURATION_FIELDS) as ConfigurationField[]).filter((field) => CONFIGURATION_FIELDS[field].connection),
);

/** What a save changes compared with the stored row. `secretChange` is decided by the caller, who can decrypt. */
export function diffConfiguration(
  previous: ConfigurationSettings,
  next: ConfigurationSettings,
  secretChange: 'stored' | 'replaced' | null,
): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [];
  for (const field of VALUE_FIELDS) {
    if (previous[field] !== next[field]) changes.push({ field, from: previous[field], to: next[field] });
  }
  for (const field of TEXT_FIELDS) {
    if (previous[field] !== next[field]) changes.push({ field });
  }
  if (secretChange) changes.push({ field: 'clientSecret', action: secretChange });
  for (const field of GROUPS_FIELDS) {
    const added = next[field].filter((id) => !previous[field].includes(id));
    const removed = previous[field].filter((id) => !next[field].includes(id));
    if (added.length > 0 || removed.length > 0) changes.push({ field, added, removed });
  }
  return changes;
}

/** 'check time (08:00 → 09:00), client secret (replaced), email template' */
export function describeChanges(changes: readonly ConfigurationChange[]): string {
  return changes.map(describeChange).join(', ');
}

/** The changes as the security alert tells them (docs/product.md §Account mail): readable values, group ids to count. */
export function settingChangesOf(changes: readonly ConfigurationChange[]): SettingChange[] {
  return changes.map((change) => {
    const setting = CONFIGURATION_FIELDS[change.field].label;
    if ('from' in change) return { setting, from: formatValue(change.field, change.from), to: formatValue(change.field, change.to) };
    if ('action' in change) return { setting, action: change.action };
    if ('added' in change) return { setting, added: change.added, removed: change.removed };
    return { setting, action: 'changed' };
  });
}

function describeChange(change: ConfigurationChange): string {
  const label = CONFIGURATION_FIELDS[change.field].label;
  if ('from' in change) return `${label} (${formatValue(change.field, change.from)} → ${formatValue(change.field, change.to)})`;
  if ('action' in change) return `${label} (${change.action})`;
  if ('added' in change) {
    const parts = [change.added.length > 0 ? `${change.added.length} added` : '', change.removed.length > 0 ? `${change.removed.length} removed` : ''];
    return `${label} (${parts.filter(Boolean).join(', ')})`;
  }
  return label;
}

function formatValue(field: ValueField, value: SettingValue): string {
  if (value === null) return 'none';
  if (field === 'automationEnabled') return value ? 'enabled' : 'disabled';
  if (field === 'timeZone') return timeZoneLabel(String(value));
  return String(value);
}
