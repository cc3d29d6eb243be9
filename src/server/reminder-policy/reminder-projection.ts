// What the coming scheduled checks will send, projected from the users table the latest check
// wrote (never from Graph: a dry run of a large tenant must not read its whole directory), with
// the very function the check decides with (reminderOnRun). Users who change their password, join
// or leave after that check are not foreseen: the panel says which check it is based on.
import { and, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import { DRY_RUN_ROWS_PER_DAY, FORECAST_DAYS, type DryRun, type Forecast } from '../../shared/api/reminder-policy.js';
import { localDateOf } from '../../shared/domain/days-until.js';
import type { Language } from '../../shared/domain/languages.js';
import { addDays, type LocalDate } from '../../shared/domain/local-date.js';
import { reminderOnRun, type ReminderRule } from '../../shared/domain/reminder-thresholds.js';
import { isRunDay } from '../../shared/domain/schedule.js';
import { mainReminderWording, type OrganizationWording, wordingForRecipient } from '../../shared/domain/template-variant.js';
import { findConfiguration } from '../configuration/index.js';
import type { Database } from '../db/client.js';
import { passwordExpirations } from '../db/schema/index.js';
import { findLanguageSettings } from '../template-languages/index.js';
import { findAfterExpiryWording, findReminderThresholds } from './policy-store.js';

/**
 * How many days past its last reminded expiry day a check lists users: the forecast's days, plus
 * a week so that a projection from a check a few days old (a weekend, automation paused) and the
 * weekend look-ahead of its last days still find every user they remind.
 */
export const LIST_AHEAD_DAYS = FORECAST_DAYS + 7;

/** The reminders of all users whose password expires on `expiryDate`, planned for the check of `day`. */
interface PlannedGroup {
  day: LocalDate;
  expiryDate: LocalDate;
  threshold: number;
}

interface ProjectionBasis {
  /** What picks each recipient's wording, as the sending does. */
  wording: OrganizationWording;
  timeZone: string;
  today: LocalDate;
  automationEnabled: boolean;
  /** When the latest check wrote the users table; null before the first. */
  basedOn: Date | null;
  /** Listed users per expiry day: all of them, and those with a mailbox. */
  expiries: Map<LocalDate, { all: number; mailable: number }>;
  days: { date: LocalDate; checkRuns: boolean }[];
  planned: PlannedGroup[];
}

/**
 * Day by day, the scheduled check of each run day decides per expiry day (all users sharing an
 * expiry day get the same decision) which threshold it sends; a threshold projected on an earlier
 * day is not projected again, as the ledger would not send it twice.
 */
async function projectionBasis(db: Database, tenantId: string, now: Date, horizon: number): Promise<ProjectionBasis | null> {
  const configuration = await findConfiguration(db, tenantId);
  if (!configuration) return null;
  const [thresholds, afterExpiry, languages, expiryRows, [checked]] = await Promise.all([
    findReminderThresholds(db, tenantId),
    findAfterExpiryWording(db, tenantId),
    findLanguageSettings(db, tenantId),
    db
      .select({ expiryDate: passwordExpirations.expiryDate, all: count(), mailable: count(passwordExpirations.mailAddress) })
      .from(passwordExpirations)
      .where(and(eq(passwordExpirations.tenantId, tenantId), isNotNull(passwordExpirations.expiryDate)))
      .groupBy(passwordExpirations.expiryDate),
    db
      .select({ at: max(passwordExpirations.checkedAt) })
      .from(passwordExpirations)
      .where(eq(passwordExpirations.tenantId, tenantId)),
  ]);
  const { timeZone, weekendProcessing, daysBeforeExpiration } = configuration;
  const today = localDateOf(now, timeZone);
  const expiries = new Map(expiryRows.flatMap((row) => (row.expiryDate === null ? [] : [[row.expiryDate, { all: row.all, mailable: row.mailable }] as const])));
  const days: ProjectionBasis['days'] = [];
  const planned: PlannedGroup[] = [];
  const projected = new Set<string>();
  for (let offset = 0; offset < horizon; offset += 1) {
    const date = addDays(today, offset);
    const checkRuns = isRunDay(date, weekendProcessing);
    days.push({ date, checkRuns });
    if (!checkRuns) continue;
    const rule: ReminderRule = { today: date, weekendProcessing, daysBeforeExpiration, thresholds };
    for (const [expiryDate, users] of expiries) {
      const reminder = users.mailable > 0 ? reminderOnRun(rule, expiryDate) : null;
      if (!reminder || projected.has(`${expiryDate}|${reminder.threshold}`)) continue;
      projected.add(`${expiryDate}|${reminder.threshold}`);
      planned.push({ day: date, expiryDate, threshold: reminder.threshold });
    }
  }
  const wording: OrganizationWording = {
    ...languages,
    main: { reminder: mainReminderWording(configuration.emailTemplate, languages.defaultLanguage), after_expiry: afterExpiry },
  };
  return { wording, timeZone, today, automationEnabled: configuration.automationEnabled, basedOn: checked?.at ?? null, expiries, days, planned };
}

/** The planned groups as a VALUES list, for joining to the users table. */
function plannedValues(planned: readonly PlannedGroup[]) {
  return sql.join(
    planned.map((group) => sql`(${group.day}::date, ${group.expiryDate}::date, ${group.threshold}::integer)`),
    sql`, `,
  );
}

/**
 * The planned groups' users with a mailbox, less those the send ledger already holds a reminder of
 * that threshold for (sent, in progress or failed: the check would not plan them anew).
 */
function plannedUsers(tenantId: string, planned: readonly PlannedGroup[]) {
  return sql`
    select p.day::text as day, p.threshold, pe.graph_user_id, pe.user_display_name, pe.mail_address, pe.expiry_date::text as expiry_date,
      pe.preferred_language
    from (values ${plannedValues(planned)}) as p(day, expiry_date, threshold)
    join password_expirations pe on pe.tenant_id = ${tenantId} and pe.expiry_date = p.expiry_date and pe.mail_address is not null
    where not exists (
      select 1 from email_sends es
      where es.tenant_id = ${tenantId} and es.kind = 'reminder' and es.graph_user_id = pe.graph_user_id
        and es.expiry_date = pe.expiry_date and es.threshold = p.threshold)`;
}

/** GET /api/reminder-policy/dry-run: who the scheduled checks of the next `horizon` days would mail, at most DRY_RUN_ROWS_PER_DAY listed per day. */
export async function dryRun(db: Database, tenantId: string, now: Date, horizon: number): Promise<DryRun | null> {
  const basis = await projectionBasis(db, tenantId, now, horizon);
  if (!basis) return null;
  const byDay = new Map<LocalDate, DryRun['days'][number]>(basis.days.map(({ date, checkRuns }) => [date, { date, checkRuns, total: 0, reminders: [] }]));
  if (basis.planned.length > 0) {
    const result = await db.execute<{
      day: string;
      threshold: number;
      graph_user_id: string;
      user_display_name: string;
      mail_address: string;
      expiry_date: string;
      preferred_language: string | null;
      total: number;
    }>(sql`
      select * from (
        select u.*, count(*) over (partition by u.day)::integer as total,
          row_number() over (partition by u.day order by u.user_display_name, u.graph_user_id) as n
        from (${plannedUsers(tenantId, basis.planned)}) u
      ) ranked
      where n <= ${DRY_RUN_ROWS_PER_DAY}
      order by day, n`);
    for (const row of result.rows) {
      const day = byDay.get(row.day);
      if (!day) continue;
      day.total = row.total;
      const kind = row.threshold < 0 ? 'after_expiry' : 'reminder';
      const wording = wordingForRecipient(basis.wording, kind, row.preferred_language);
      day.reminders.push({
        graphUserId: row.graph_user_id,
        displayName: row.user_display_name,
        recipient: row.mail_address,
        expiryDate: row.expiry_date,
        threshold: row.threshold,
        wording: kind,
        language: wording.language,
        wordingSource: wording.source,
      });
    }
  }
  return { basedOn: basis.basedOn?.toISOString() ?? null, timeZone: basis.timeZone, automationEnabled: basis.automationEnabled, days: [...byDay.values()] };
}

/** GET /api/reminder-policy/forecast: per day, the listed passwords expiring and the reminders the dry run projects. */
export async function forecast(db: Database, tenantId: string, now: Date): Promise<Forecast | null> {
  const basis = await projectionBasis(db, tenantId, now, FORECAST_DAYS);
  if (!basis) return null;
  const reminders = new Map<string, number>();
  // Per day, the reminders in each language they go out in (the recipients' wording, as sent).
  const byLanguage = new Map<string, Map<Language, number>>();
  if (basis.planned.length > 0) {
    const result = await db.execute<{ day: string; threshold: number; preferred_language: string | null; reminders: number }>(sql`
      select u.day, u.threshold, u.preferred_language, count(*)::integer as reminders
      from (${plannedUsers(tenantId, basis.planned)}) u group by u.day, u.threshold, u.preferred_language`);
    for (const row of result.rows) {
      reminders.set(row.day, (reminders.get(row.day) ?? 0) + row.reminders);
      const { language } = wordingForRecipient(basis.wording, row.threshold < 0 ? 'after_expiry' : 'reminder', row.preferred_language);
      const languages = byLanguage.get(row.day) ?? new Map<Language, number>();
      languages.set(language, (languages.get(language) ?? 0) + row.reminders);
      byLanguage.set(row.day, languages);
    }
  }
  return {
    basedOn: basis.basedOn?.toISOString() ?? null,
    timeZone: basis.timeZone,
    days: basis.days.map(({ date }) => ({
      date,
      expiries: basis.expiries.get(date)?.all ?? 0,
      reminders: reminders.get(date) ?? 0,
      byLanguage: [...(byLanguage.get(date) ?? new Map<Language, number>())]
        .map(([language, count]) => ({ language, reminders: count }))
        .sort((a, b) => b.reminders - a.reminders || a.language.localeCompare(b.language)),
    })),
  };
}
