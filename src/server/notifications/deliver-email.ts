import { eq } from 'drizzle-orm';
import { localDateOf } from '../../shared/domain/days-until.js';
import { daysBetween } from '../../shared/domain/local-date.js';
import { isReminderStillTrue } from '../../shared/domain/reminder-thresholds.js';
import { formatDateUs } from '../../shared/domain/us-format.js';
import { formatLocalDateFor } from '../../shared/domain/localized-values.js';
import { mainReminderWording, type OrganizationWording, wordingForRecipient } from '../../shared/domain/template-variant.js';
import type { Clock } from '../clock.js';
import { graphClientFor, loadGraphConnection, recordConnectionOutcome, type TenantGraphDeps } from '../configuration/index.js';
import type { Database } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import { type GraphClient, isConnectionProblem, NO_SERVICE_PRINCIPAL_CODE } from '../integrations/graph/index.js';
import { deferEmail, failEmail, markEmailSent, type Backoff, type EmailSendRow, type SendProblem } from './email-ledger.js';
import type { MailboxLimits } from './mailbox-pacing.js';
import { retryLedgerWrite } from './ledger-retry.js';
import { renderEmail, type RenderedEmail } from './render-email.js';
import { findAfterExpiryWording } from '../reminder-policy/index.js';
import { findLanguageSettings } from '../template-languages/index.js';
import { findRecipientRules, type RecipientRules } from '../reminder-recipients/index.js';
import { pilotSubject } from '../../shared/api/reminder-recipients.js';
import { attemptSend, DEFERRING_RETRY, recordingWaitAnswers, type DeliveryOutcome } from './send-outcome.js';

/** How this instance sends: Exchange's limits, its worker identity and lease, the backoff. */
export interface SendSettings {
  limits: MailboxLimits;
  /** Names this process in the ledger's `claimed_by`. */
  workerId: string;
  /** How long a claimed row may stay in `sending`: longer than any one Graph call can take. */
  leaseMs: number;
  backoff: Backoff;
}

export interface SendDeps extends TenantGraphDeps {
  send: SendSettings;
}

/** The ledger's key for a From address: Exchange limits the mailbox, whatever the address's case. */
export function senderMailboxOf(fromEmail: string): string {
  return fromEmail.trim().toLowerCase();
}

/** Everything needed to send an organization's mail: a Graph client whose throttling waits come back to the queue, the template, names. */
export interface TenantSender {
  db: Database;
  clock: Clock;
  settings: SendSettings;
  tenantId: string;
  /** The configured From mailbox (senderMailboxOf), where new mail is sent from. */
  senderMailbox: string;
  client: Pick<GraphClient, 'sendMail' | 'acquireToken' | 'managerAddress'>;
  /** The main templates, the default language and the variants per language: what chooseWording reads. */
  wording: OrganizationWording;
  /** Pilot mailbox and manager copies. */
  recipients: RecipientRules;
  companyName: string;
  timeZone: string;
}

/** A reminder the policy sends after the expiry day (negative threshold), with its own wording. */
const isAfterExpiry = (row: Pick<EmailSendRow, 'threshold'>) => row.threshold !== null && row.threshold < 0;

/** The organization's sender; throws AppError 400 when the connection is not saved yet. */
export async function tenantSender(deps: SendDeps, tenantId: string): Promise<TenantSender> {
  const connection = await loadGraphConnection(deps, tenantId);
  const [[tenant], afterExpiry, recipients, languages] = await Promise.all([
    deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)),
    findAfterExpiryWording(deps.db, tenantId),
    findRecipientRules(deps.db, tenantId),
    findLanguageSettings(deps.db, tenantId),
  ]);
  const graph = { ...deps.graph, fetch: recordingWaitAnswers(deps.graph.fetch ?? fetch), retry: { ...deps.graph.retry, ...DEFERRING_RETRY } };
  const client = graphClientFor({ clock: deps.clock, graph }, connection);
  return {
    db: deps.db,
    clock: deps.clock,
    settings: deps.send,
    tenantId,
    senderMailbox: senderMailboxOf(connection.configuration.fromEmail),
    client,
    wording: {
      ...languages,
      main: { reminder: mainReminderWording(connection.configuration.emailTemplate, languages.defaultLanguage), after_expiry: afterExpiry },
    },
    recipients,
    companyName: tenant?.name ?? '',
    timeZone: connection.configuration.timeZone,
  };
}

/**
 * The mail a row stands for, with the values of the day it is sent on, in the recipient's language
 * (wordingForRecipient: the same choice as the dry run and the preview). In pilot mode the pilot
 * mailbox reads what the user would have.
 */
function renderRow(sender: Pick<TenantSender, 'wording' | 'companyName' | 'timeZone'>, row: EmailSendRow, now: Date): RenderedEmail {
  const wording = wordingForRecipient(sender.wording, isAfterExpiry(row) ? 'after_expiry' : 'reminder', row.language);
  const values = {
    userName: row.displayName,
    daysRemaining: daysBetween(localDateOf(now, sender.timeZone), row.expiryDate),
    expirationDate: formatLocalDateFor(row.expiryDate, wording.locale),
    companyName: sender.companyName,
    // Test mail and rows planned before the sign-in name was kept: the address is the closest.
    userPrincipalName: row.userPrincipalName ?? row.recipient,
    locale: wording.locale,
  };
  return renderEmail(wording.template, values, row.kind === 'test' ? `Test: ${wording.subject}` : wording.subject, wording.language);
}

/**
 * Sends one claimed row through Graph and records the answer in the ledger. Rendered before the
 * call and recorded right after it, so a crash can only leave the row `sending` while the request
 * is actually out (see email-ledger.ts).
 */
export async function deliverClaimedEmail(sender: TenantSender, row: EmailSendRow): Promise<DeliveryOutcome> {
  const now = sender.clock();
  if (row.kind !== 'test' && !isReminderStillTrue({ afterExpiry: isAfterExpiry(row) }, row.expiryDate, localDateOf(now, sender.timeZone))) {
    // Held back (a mailbox limit, an outage) until after the expiry day: every reminder says the
    // password expires soon, which is no longer true.
    const problem = {
      reason: 'password_expired',
      code: 'password_expired',
      message: `Not sent: the password expired on ${formatDateUs(row.expiryDate)}, before the reminder could go out.`,
    } as const;
    await failEmail(sender.db, row, problem, 'warning', now);
    return { kind: 'failed', scope: 'mail', ...problem };
  }
  const rendered = renderRow(sender, row, now);
  const addressing = await addressingOf(sender, row);
  const subject = addressing.pilot ? pilotSubject(row.recipient, rendered.subject) : rendered.subject;
  const outcome = await attemptSend(row.senderMailbox, () =>
    sender.client.sendMail(row.senderMailbox, { to: addressing.to, cc: addressing.cc, subject, html: rendered.html, text: rendered.text }),
  );
  if (outcome.kind !== 'sent' && isConnectionProblem(outcome)) {
    // Credentials or permissions stopped working: the dashboard badge should say so.
    const problem = outcome.code === NO_SERVICE_PRINCIPAL_CODE ? 'consent_missing' : outcome.reason === 'credentials' ? 'credentials' : 'permission';
    await recordConnectionOutcome(sender.db, sender.tenantId, { status: 'error', problem, message: outcome.message }, sender.clock());
  }
  // Graph's answer is known only here: a database outage must not turn it into "outcome unknown".
  const deliveredTo = addressing.pilot || addressing.cc.length > 0 ? [...addressing.to, ...addressing.cc] : null;
  return retryLedgerWrite(
    () => recordOutcome(sender, row, { ...rendered, subject }, outcome, deliveredTo),
    (row.leaseUntil?.getTime() ?? 0) - sender.clock().getTime(),
  );
}

interface Addressing {
  to: string[];
  cc: string[];
  /** Sent to the pilot mailbox instead of the recipient. */
  pilot: boolean;
}

/**
 * Where a row's mail goes. Pilot mode sends every mail meant for a user to the pilot mailbox and
 * copies nobody, so no real person is mailed; a test mail goes where the admin asked. The
 * manager's copy is best effort: a user without a manager, or a manager Graph cannot read at this
 * moment, gets the reminder alone rather than a delayed one.
 */
async function addressingOf(sender: Pick<TenantSender, 'recipients' | 'client'>, row: EmailSendRow): Promise<Addressing> {
  if (row.kind === 'test' || row.graphUserId === null) return { to: [row.recipient], cc: [], pilot: false };
  const { pilotMailbox, ccManager } = sender.recipients;
  if (pilotMailbox !== null) return { to: [pilotMailbox], cc: [], pilot: true };
  if (!ccManager) return { to: [row.recipient], cc: [], pilot: false };
  const manager = await sender.client.managerAddress(row.graphUserId).catch(() => null);
  const copy = manager !== null && manager.toLowerCase() !== row.recipient.toLowerCase() ? [manager] : [];
  return { to: [row.recipient], cc: copy, pilot: false };
}

/** Writes the outcome to the ledger; a mail deferred too often comes back as failed. */
async function recordOutcome(
  sender: TenantSender,
  row: EmailSendRow,
  rendered: RenderedEmail,
  outcome: DeliveryOutcome,
  deliveredTo: readonly string[] | null,
): Promise<DeliveryOutcome> {
  const now = sender.clock();
  switch (outcome.kind) {
    case 'sent':
      await markEmailSent(sender.db, row, rendered, now, deliveredTo);
      return outcome;
    case 'deferred': {
      const due = await deferEmail(sender.db, row, outcome.retryAfterMs, outcome, sender.settings.backoff, now);
      return due ? outcome : { ...outcome, kind: 'failed', scope: 'mail' };
    }
    case 'failed':
      await failEmail(sender.db, row, outcome, 'error', now);
      return outcome;
    case 'unknown':
      await failEmail(sender.db, row, { ...outcome, message: `Outcome unknown, not sent again to avoid a duplicate: ${outcome.message}` }, 'warning', now);
      return outcome;
  }
}

export type TokenState = { kind: 'ready' } | { kind: 'wait'; ms: number } | { kind: 'failed'; problem: SendProblem };

const TOKEN_RETRY_MS = 5_000;

/** The access token, fetched before a claim so that a claimed row goes straight to Graph. */
export async function tokenReady(sender: TenantSender): Promise<TokenState> {
  const outcome = await attemptSend(sender.senderMailbox, async () => {
    await sender.client.acquireToken();
  });
  if (outcome.kind === 'sent') return { kind: 'ready' };
  if (outcome.kind === 'failed') return { kind: 'failed', problem: outcome };
  // No token means no mail went out: waiting is always safe.
  return { kind: 'wait', ms: Math.max(outcome.kind === 'deferred' ? outcome.retryAfterMs : 0, TOKEN_RETRY_MS) };
}
