import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '../domain/languages.js';
import { AFTER_EXPIRY_DAY_RANGE, REMINDER_DAY_RANGE } from '../domain/reminder-thresholds.js';
import { WORDING_SOURCES } from '../domain/template-variant.js';
import { hasVisibleText } from './configuration.js';
import { refineTemplateBounds } from './template-bounds.js';
import { text } from './text-fields.js';

export const reminderPolicyMessages = {
  reminderDays: `Reminder days must be whole numbers from ${REMINDER_DAY_RANGE.min} (the expiry day) to ${REMINDER_DAY_RANGE.max}`,
  reminderDaysRequired: 'Choose at least one reminder day',
  reminderDaysTooMany: `Choose at most ${REMINDER_DAY_RANGE.count} reminder days`,
  reminderDaysDuplicate: 'Each reminder day can be chosen once',
  afterExpiryDays: `After-expiry days must be whole numbers from ${AFTER_EXPIRY_DAY_RANGE.min} to ${AFTER_EXPIRY_DAY_RANGE.max}`,
  afterExpiryDaysTooMany: `Choose at most ${AFTER_EXPIRY_DAY_RANGE.count} after-expiry days`,
  afterExpiryDaysDuplicate: 'Each after-expiry day can be chosen once',
  subjectRequired: 'The after-expiry subject is required',
  subjectTooLong: 'The after-expiry subject can be at most 200 characters',
  subjectOneLine: 'The after-expiry subject must be one line',
  templateRequired: 'The after-expiry template is required',
  mode: 'The reminder mode must be daily or thresholds',
  saved: 'Reminder policy saved',
  configurationRequired: 'Save the configuration first: the reminder policy refines its schedule.',
} as const;

const dayList = (range: { min: number; max: number; count: number }, messages: { invalid: string; tooMany: string; duplicate: string }) =>
  z
    .array(z.number({ error: messages.invalid }).int(messages.invalid).min(range.min, messages.invalid).max(range.max, messages.invalid), {
      error: messages.invalid,
    })
    .max(range.count, messages.tooMany)
    .refine((days) => new Set(days).size === days.length, messages.duplicate)
    // Stored and shown nearest-first: 14, 7, 1, 0.
    .transform((days) => [...days].sort((a, b) => b - a));

const reminderDaysSchema = dayList(REMINDER_DAY_RANGE, {
  invalid: reminderPolicyMessages.reminderDays,
  tooMany: reminderPolicyMessages.reminderDaysTooMany,
  duplicate: reminderPolicyMessages.reminderDaysDuplicate,
}).refine((days) => days.length > 0, reminderPolicyMessages.reminderDaysRequired);

const afterExpiryDaysSchema = dayList(AFTER_EXPIRY_DAY_RANGE, {
  invalid: reminderPolicyMessages.afterExpiryDays,
  tooMany: reminderPolicyMessages.afterExpiryDaysTooMany,
  duplicate: reminderPolicyMessages.afterExpiryDaysDuplicate,
}).transform((days) => [...days].sort((a, b) => a - b));

/**
 * PUT /api/reminder-policy. `daily`: a reminder every day within the configuration's Reminder
 * Days (the policy is removed). `thresholds`: on the chosen days before the expiry (0 = the expiry
 * day), and after it on the chosen days with their own subject and template.
 */
export const reminderPolicyBody = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('daily') }),
    z.object({
      mode: z.literal('thresholds'),
      reminderDays: reminderDaysSchema,
      afterExpiryDays: afterExpiryDaysSchema,
      afterExpirySubject: text(reminderPolicyMessages.subjectRequired)
        .trim()
        .min(1, reminderPolicyMessages.subjectRequired)
        .max(200, reminderPolicyMessages.subjectTooLong)
        .refine((subject) => !/[\r\n]/.test(subject), reminderPolicyMessages.subjectOneLine),
      afterExpiryTemplate: text(reminderPolicyMessages.templateRequired)
        .superRefine(refineTemplateBounds)
        .refine(hasVisibleText, reminderPolicyMessages.templateRequired),
    }),
  ],
  { error: reminderPolicyMessages.mode },
);
export type ReminderPolicyBody = z.input<typeof reminderPolicyBody>;

/** GET and PUT /api/reminder-policy: the stored policy, or the suggested one while `mode` is daily. */
export const reminderPolicySchema = z.object({
  mode: z.enum(['daily', 'thresholds']),
  reminderDays: z.array(z.number()),
  afterExpiryDays: z.array(z.number()),
  afterExpirySubject: z.string(),
  afterExpiryTemplate: z.string(),
  /** Every day within this many days while `mode` is daily. */
  daysBeforeExpiration: z.number(),
  updatedAt: z.string().nullable(),
});
export type ReminderPolicy = z.infer<typeof reminderPolicySchema>;

const PROJECTION_WORDINGS = ['reminder', 'after_expiry'] as const;
const languageSchema = z.enum(LANGUAGE_CODES as [Language, ...Language[]]);

/** Rows a dry-run day lists at most; `total` counts them all. */
export const DRY_RUN_ROWS_PER_DAY = 50;
export const DRY_RUN_DAYS = 14;
export const FORECAST_DAYS = 30;

/** GET /api/reminder-policy/dry-run: who the scheduled checks of the next 14 days would mail. */
export const dryRunSchema = z.object({
  /** ISO 8601 of the check whose users table the projection read; null before the first check. */
  basedOn: z.string().nullable(),
  timeZone: z.string(),
  automationEnabled: z.boolean(),
  days: z.array(
    z.object({
      date: z.string(),
      /** False when no scheduled check runs that day (weekend setting). */
      checkRuns: z.boolean(),
      total: z.number(),
      reminders: z.array(
        z.object({
          graphUserId: z.string(),
          displayName: z.string(),
          recipient: z.string(),
          expiryDate: z.string(),
          /** Days before the expiry day; negative after it. */
          threshold: z.number(),
          wording: z.enum(PROJECTION_WORDINGS),
          /** The language the reminder goes out in (the recipient's, or a fallback: see wordingSource). */
          language: languageSchema,
          /** Where its wording comes from (shared/domain/template-variant.ts). */
          wordingSource: z.enum(WORDING_SOURCES),
        }),
      ),
    }),
  ),
});
export type DryRun = z.infer<typeof dryRunSchema>;

/** GET /api/reminder-policy/forecast: per day of the next 30, passwords expiring and reminders planned. */
export const forecastSchema = z.object({
  basedOn: z.string().nullable(),
  timeZone: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      expiries: z.number(),
      reminders: z.number(),
      /** The day's reminders per language they go out in, most first. */
      byLanguage: z.array(z.object({ language: languageSchema, reminders: z.number() })),
    }),
  ),
});
export type Forecast = z.infer<typeof forecastSchema>;
