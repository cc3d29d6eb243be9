import { z } from 'zod';
import { connectionStatusValueSchema } from './configuration.js';
import { notificationMessages } from './notifications.js';

/** GET /api/dashboard-stats (polled every 30 s). */
export const dashboardStatsSchema = z.object({
  /** Enabled users the group filters selected in the latest check. */
  activeUsers: z.number(),
  /** Passwords expiring within daysBeforeExpiration days, expiry day included. */
  expiringSoon: z.number(),
  /** Mails Graph accepted since midnight in the organization's time zone. */
  emailsSentToday: z.number(),
  /** ISO 8601 of the next scheduled check; null when automation is off, unpaid or not configured ('Not scheduled'). */
  nextCheck: z.string().nullable(),
  /** ISO 8601 of the latest completed check, or null ('Never'). */
  lastRun: z.string().nullable(),
  automationEnabled: z.boolean(),
  /** The configuration module's stored connection status (the header badge). */
  connectionStatus: connectionStatusValueSchema,
  /** False before the first configuration save ('Not Configured'). */
  configured: z.boolean(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** What one check found and did. */
const checkSummarySchema = z.object({
  /** Users the directory returned. */
  scannedUsers: z.number(),
  /** Enabled users inside the group filters. */
  usersInScope: z.number(),
  /** Passwords expiring soon (src/shared/domain/expiring-soon.ts): the same users as the dashboard's card and the users table's filter. */
  expiringUsers: z.number(),
  /** Passwords that expired within the last 30 days. */
  recentlyExpiredUsers: z.number(),
  /** Users this check reminds (weekend look-ahead included). */
  dueUsers: z.number(),
  /** Reminders this check queued: new ones, and those queued again after failing earlier today. */
  queued: z.number(),
  /** Of `queued`, the reminders that had failed earlier today. */
  retried: z.number(),
  /** Due users whose reminder was sent earlier today (only a sent reminder counts). */
  alreadyReminded: z.number(),
  /** Due users whose reminder from an earlier check today is still queued, sending or deferred. */
  inProgress: z.number(),
  /** Due users whose reminder failed earlier today and is not sent again automatically (outcome unknown, or the same address refused again). */
  notRetried: z.number(),
  /** Due users without a mailbox address. */
  withoutMailbox: z.number(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

/** POST /api/run-check (empty body): runs a check now; `message` counts what it found and queued. */
export const runCheckResponse = z.object({ message: z.string(), summary: checkSummarySchema });
export type RunCheckResponse = z.infer<typeof runCheckResponse>;

export const automationMessages = {
  enabledRequired: 'Enabled must be true or false',
  updated: 'Automation settings updated',
  subscriptionRequired: notificationMessages.subscriptionRequired,
  configurationRequired: 'Save the configuration before changing automation.',
} as const;

/** POST /api/toggle-automation. */
export const toggleAutomationBody = z.object({ enabled: z.boolean({ error: automationMessages.enabledRequired }) });

export const toggleAutomationResponse = z.object({
  message: z.string(),
  automationEnabled: z.boolean(),
  /** ISO 8601, or null when disabled. */
  nextCheck: z.string().nullable(),
});
export type ToggleAutomationResponse = z.infer<typeof toggleAutomationResponse>;
