import type { ConfigurationBody } from '../../shared/api/configuration.js';
import { timeZoneLabel } from '../../shared/domain/time-zones.js';
import type { ConfigurationRow } from './configuration-store.js';

type ScalarField =
  | 'tenantId'
  | 'azureDirectoryId'
  | 'applicationId'
  | 'fromEmail'
  | 'checkTime'
  | 'timeZone'
  | 'daysBeforeExpiration'
  | 'weekendProcessing'
  | 'automationEnabled'
  | 'passwordValidityDays';

/** One changed setting as the audit log records it: values for plain settings, never the secret. */
export type ConfigurationChange =
  | { field: ScalarField; from: string | number | boolean; to: string | number | boolean }
  | { field: 'emailTemplate' }
  | { field: 'clientSecret'; action: 'stored' | 'replaced' }
  | { field: 'includeGroups' | 'excludeGroups'; added: string[]; removed: string[] };

const LABELS: Record<ConfigurationChange['field'], string> = {
  tenantId: 'Tenant ID',
  azureDirectoryId: 'Azure Directory ID',
  applicationId: 'Application ID',
  clientSecret: 'client secret',
  fromEmail: 'from email',
  emailTemplate: 'email template',
  checkTime: 'check time',
  timeZone: 'time zone',
  daysBeforeExpiration: 'days before expiration',
  weekendProcessing: 'weekend processing',
  automationEnabled: 'automation',
  includeGroups: 'include groups',
  excludeGroups: 'exclude groups',
  passwordValidityDays: 'password validity days',
};

/** Settings that decide which tenant and app the server talks to. */
export const CONNECTION_FIELDS: ReadonlySet<ConfigurationChange['field']> = new Set(['tenantId', 'azureDirectoryId', 'applicationId', 'clientSecret']);

/** What a save changes compared with the stored row. `secretChange` is decided by the caller, who can decrypt. */
export function diffConfiguration(previous: ConfigurationRow, next: ConfigurationBody, secretChange: 'stored' | 'replaced' | null): ConfigurationChange[] {
  const before: Record<ScalarField, string | number | boolean> = {
    tenantId: previous.entraTenantId,
    azureDirectoryId: previous.azureDirectoryId,
    applicationId: previous.applicationId,
    fromEmail: previous.fromEmail,
    checkTime: previous.checkTime,
    timeZone: previous.timeZone,
    daysBeforeExpiration: previous.daysBeforeExpiration,
    weekendProcessing: previous.weekendProcessing,
    automationEnabled: previous.automationEnabled,
    passwordValidityDays: previous.passwordValidityDays,
  };
  const changes: ConfigurationChange[] = [];
  for (const field of Object.keys(before) as ScalarField[]) {
    if (before[field] !== next[field]) changes.push({ field, from: before[field], to: next[field] });
  }
  if (previous.emailTemplate !== next.emailTemplate) changes.push({ field: 'emailTemplate' });
  if (secretChange) changes.push({ field: 'clientSecret', action: secretChange });
  for (const field of ['includeGroups', 'excludeGroups'] as const) {
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

function describeChange(change: ConfigurationChange): string {
  const label = LABELS[change.field];
  if ('from' in change) return `${label} (${formatValue(change.field, change.from)} → ${formatValue(change.field, change.to)})`;
  if ('action' in change) return `${label} (${change.action})`;
  if ('added' in change) {
    const parts = [change.added.length > 0 ? `${change.added.length} added` : '', change.removed.length > 0 ? `${change.removed.length} removed` : ''];
    return `${label} (${parts.filter(Boolean).join(', ')})`;
  }
  return label;
}

function formatValue(field: ScalarField, value: string | number | boolean): string {
  if (field === 'automationEnabled') return value ? 'enabled' : 'disabled';
  if (field === 'timeZone') return timeZoneLabel(String(value));
  return String(value);
}
