import type { AccountMailKind } from '../db/schema/index.js';

/** A person in a report or digest: the directory's name and sign-in address. */
export interface ListedUser {
  name: string;
  email: string;
  /** YYYY-MM-DD on the organization's calendar. */
  expiryDate: string;
}

/**
 * One setting changed by a save, as the configuration module tells it (labels and values already
 * readable): a value from one state to another, a set of ids added and removed, or an action.
 */
export type SettingChange =
  | { setting: string; from: string; to: string }
  | { setting: string; added: string[]; removed: string[] }
  | { setting: string; action: string };

/** One line of a configuration alert: a setting's net change over the quarter hour, who saved it and how often. */
export interface ConfigurationChangeLine {
  what: string;
  change: string;
  by: string[];
  saves: number;
  /** The last save of it, as utcMinute writes it. */
  lastAt: string;
}

/** What each account mail says, stored with the outbox row and rendered when it is sent. */
export type AccountMailPayload =
  | {
      type: 'configuration_changed';
      organization: string;
      from: string;
      to: string;
      lines: ConfigurationChangeLine[];
      /** How long changes were collected into this alert: '15 minutes'. */
      collectedFor: string;
    }
  | { type: 'connection_failing'; organization: string; failures: number; message: string }
  | { type: 'permission_removed'; organization: string; permissions: string[] }
  | { type: 'connector_silent'; organization: string; domain: string; since: string }
  | { type: 'secret_expiring'; organization: string; expiresOn: string; daysLeft: number }
  | { type: 'check_failed'; organization: string; reason: string; at: string }
  | { type: 'mail_carried_over'; organization: string; count: number; senderMailbox: string; resumesAt: string }
  | {
      type: 'weekly_report';
      organization: string;
      /** The Monday the report is for and the 7 days before it. */
      weekOf: string;
      sent: number;
      failed: number;
      expiringSoon: ListedUser[];
      /** All of them; `expiringSoon` lists the first few. */
      expiringSoonTotal: number;
      connection: { status: string; message: string | null; checkedAt: string | null };
    }
  | { type: 'system_update'; title: string; body: string }
  | {
      type: 'helpdesk_digest';
      organization: string;
      day: string;
      /** The first few of each list; the totals count them all. */
      expiringToday: ListedUser[];
      expiringTodayTotal: number;
      expiredNotReminded: ListedUser[];
      expiredNotRemindedTotal: number;
    };

/** The kind (and so the toggle) each payload belongs to. */
export const KIND_OF: Record<AccountMailPayload['type'], AccountMailKind> = {
  configuration_changed: 'security_alert',
  connection_failing: 'security_alert',
  permission_removed: 'security_alert',
  connector_silent: 'security_alert',
  secret_expiring: 'security_alert',
  check_failed: 'email_notification',
  mail_carried_over: 'email_notification',
  weekly_report: 'weekly_report',
  system_update: 'system_update',
  helpdesk_digest: 'helpdesk_digest',
};
