import { escapeHtml } from '../../shared/domain/escape-html.js';
import type { AccountMailPayload, ConfigurationChangeLine, ListedUser } from './payloads.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph, a titled bullet list, or a link. */
type Block = { paragraph: string } | { heading: string; items: string[]; empty: string } | { link: string; label: string };

export interface Content {
  subject: string;
  title: string;
  blocks: Block[];
}

/** Which Account Settings toggle asked for each kind of mail (the helpdesk digest follows an organization setting). */
const REASON: Record<AccountMailPayload['type'], string> = {
  configuration_changed: 'Security Alerts',
  connection_failing: 'Security Alerts',
  permission_removed: 'Security Alerts',
  connector_silent: 'Security Alerts',
  secret_expiring: 'Security Alerts',
  check_failed: 'Email Notifications',
  mail_carried_over: 'Email Notifications',
  weekly_report: 'Weekly Reports',
  system_update: 'System Updates',
  helpdesk_digest: '',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const person = (user: ListedUser) => `${user.name} <${user.email}> (password expiry ${user.expiryDate})`;
/** The people named, then how many more there are. */
const people = (users: readonly ListedUser[], total: number) => [
  ...users.map(person),
  ...(total > users.length ? [`and ${plural(total - users.length, 'other', 'others')}`] : []),
];

/** 'Check time: 08:00 → 10:00 (by Ada Lovelace, 3 saves, the last at 2026-11-24 08:03 UTC)' */
function configurationLine(line: ConfigurationChangeLine): string {
  const when = line.saves > 1 ? `${plural(line.saves, 'save', 'saves')}, the last at ${line.lastAt}` : `at ${line.lastAt}`;
  return `${line.what.charAt(0).toUpperCase()}${line.what.slice(1)}: ${line.change} (by ${line.by.join(', ')}, ${when})`;
}

function contentOf(payload: AccountMailPayload, appUrl: string): Content {
  const dashboard: Block = { link: `${appUrl}/dashboard`, label: 'Open the dashboard' };
  switch (payload.type) {
    case 'configuration_changed':
      return {
        subject: `Security alert: ${payload.organization}'s configuration was changed`,
        title: 'The configuration was changed',
        blocks: [
          {
            heading:
              payload.from === payload.to
                ? `Changed in the configuration of ${payload.organization} at ${payload.from}:`
                : `Changed in the configuration of ${payload.organization} between ${payload.from} and ${payload.to}:`,
            items: payload.lines.map(configurationLine),
            empty: '',
          },
          { paragraph: `Changes are collected for ${payload.collectedFor} after the first one and told in one alert.` },
          { paragraph: 'If this was not expected, check the Configuration tab and the audit log, and replace the client secret in Entra.' },
          dashboard,
        ],
      };
    case 'connection_failing':
      return {
        subject: `Security alert: ${payload.organization} cannot connect to Microsoft Entra`,
        title: 'The connection to Microsoft Entra is failing',
        blocks: [
          { paragraph: `The last ${plural(payload.failures, 'check', 'checks')} of ${payload.organization}'s connection failed: ${payload.message}` },
          { paragraph: 'No reminders go out until it works again.' },
          dashboard,
        ],
      };
    case 'connector_silent':
      return {
        subject: `Security alert: ${payload.organization}'s on-premises connector is silent`,
        title: 'The on-premises connector stopped reporting',
        blocks: [
          {
            paragraph: `No snapshot of ${payload.domain} arrived since ${payload.since}. Its synced users have no date and get no reminders until a new snapshot arrives.`,
          },
          { paragraph: 'Check that the Passwatch Connector still runs and can reach the domain controller and Passwatch.' },
          dashboard,
        ],
      };
    case 'permission_removed':
      return {
        subject: `Security alert: ${payload.organization} lost a Microsoft Graph permission`,
        title: 'A permission was removed',
        blocks: [
          { heading: `The app registration of ${payload.organization} no longer has:`, items: payload.permissions, empty: '' },
          { paragraph: 'Grant the permissions again with admin consent in the Entra admin center (API permissions).' },
          dashboard,
        ],
      };
    case 'secret_expiring':
      return {
        subject: `Security alert: ${payload.organization}'s client secret expires in ${plural(payload.daysLeft, 'day', 'days')}`,
        title: 'The client secret expires soon',
        blocks: [
          {
            paragraph:
              `The client secret ${payload.organization} uses to connect to Microsoft Entra expires on ${payload.expiresOn}. ` +
              `After that no reminders go out.`,
          },
          {
            paragraph: 'Create a new secret in the Entra admin center (Certificates & secrets) and save it on the Configuration tab ' + 'with its expiry date.',
          },
          dashboard,
        ],
      };
    case 'check_failed':
      return {
        subject: `${payload.organization}: the password check failed`,
        title: 'A password check failed',
        blocks: [{ paragraph: `The password check of ${payload.organization} at ${payload.at} failed: ${payload.reason}` }, dashboard],
      };
    case 'mail_carried_over':
      return {
        subject: `${payload.organization}: ${plural(payload.count, 'reminder', 'reminders')} carried over`,
        title: 'Reminders were carried over',
        blocks: [
          {
            paragraph:
              `${payload.senderMailbox} reached its daily sending limit: ${plural(payload.count, 'reminder', 'reminders')} of ` +
              `${payload.organization} go out from ${payload.resumesAt} instead.`,
          },
          dashboard,
        ],
      };
    case 'weekly_report':
      return {
        subject: `${payload.organization}: weekly report for the week of ${payload.weekOf}`,
        title: `Weekly report: ${payload.organization}`,
        blocks: [
          {
            paragraph:
              `In the last 7 days: ${plural(payload.sent, 'reminder', 'reminders')} sent, ` + `${plural(payload.failed, 'reminder', 'reminders')} failed.`,
          },
          {
            heading: `Passwords expiring in the next 14 days: ${payload.expiringSoonTotal.toLocaleString('en-US')}`,
            items: people(payload.expiringSoon, payload.expiringSoonTotal),
            empty: 'None.',
          },
          {
            paragraph: `Connection health: ${payload.connection.status}${payload.connection.message ? ` (${payload.connection.message})` : ''}${payload.connection.checkedAt ? `, last checked ${payload.connection.checkedAt}` : ''}.`,
          },
          dashboard,
        ],
      };
    case 'system_update':
      return { subject: `Passwatch: ${payload.title}`, title: payload.title, blocks: payload.body.split(/\n{2,}/).map((paragraph) => ({ paragraph })) };
    case 'helpdesk_digest':
      return {
        subject: `${payload.organization}: password digest for ${payload.day}`,
        title: `Password digest: ${payload.organization}, ${payload.day}`,
        blocks: [
          {
            heading: `Passwords expiring today: ${payload.expiringTodayTotal.toLocaleString('en-US')}`,
            items: people(payload.expiringToday, payload.expiringTodayTotal),
            empty: 'None.',
          },
          {
            heading: `Expired and never reminded successfully: ${payload.expiredNotRemindedTotal.toLocaleString('en-US')}`,
            items: people(payload.expiredNotReminded, payload.expiredNotRemindedTotal),
            empty: 'None.',
          },
        ],
      };
  }
}

/** Why the recipient gets it and where to stop it: Account Settings, or the organization's setting for the digest. */
function footerOf(payload: AccountMailPayload, appUrl: string): { text: string; link: string } {
  const reason = REASON[payload.type];
  if (reason === '') {
    return {
      text:
        'This address is the helpdesk address of an organization in Passwatch. An admin of the organization can change ' +
        'or remove it on the Configuration tab:',
      link: `${appUrl}/dashboard`,
    };
  }
  return { text: `You get this because ${reason} is on in your Passwatch Account Settings. To stop it, turn it off there:`, link: `${appUrl}/account` };
}

/** The message as plain text and as HTML (every value escaped), with the footer that says how to stop it. */
export function renderAccountMail(payload: AccountMailPayload, appUrl: string): RenderedMail {
  return renderMail(contentOf(payload, appUrl), footerOf(payload, appUrl));
}

/** A mail's content as plain text and as HTML (every value escaped), with a footer saying why it came. */
export function renderMail({ subject, title, blocks }: Content, footer: { text: string; link: string }): RenderedMail {
  const textBlocks = blocks.map((block) => {
    if ('paragraph' in block) return block.paragraph;
    if ('link' in block) return `${block.label}: ${block.link}`;
    return [block.heading, ...(block.items.length > 0 ? block.items.map((item) => `- ${item}`) : [block.empty])].join('\n');
  });
  const text = [title, '', ...textBlocks.flatMap((block) => [block, '']), '--', `${footer.text} ${footer.link}`, ''].join('\n');
  const htmlBlocks = blocks.map((block) => {
    if ('paragraph' in block) return `<p style="margin:0 0 12px 0;">${escapeHtml(block.paragraph)}</p>`;
    if ('link' in block) return `<p style="margin:0 0 12px 0;"><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
    const list =
      block.items.length > 0
        ? `<ul style="margin:0 0 12px 0;">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
        : `<p style="margin:0 0 12px 0;">${escapeHtml(block.empty)}</p>`;
    return `<p style="margin:0 0 4px 0;font-weight:600;">${escapeHtml(block.heading)}</p>${list}`;
  });
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1f2328;">
<div style="max-width:600px;margin:0 auto;">
<h1 style="font-size:18px;margin:0 0 16px 0;">${escapeHtml(title)}</h1>
${htmlBlocks.join('\n')}
<hr style="border:0;border-top:1px solid #d0d7de;margin:24px 0 12px 0;">
<p style="margin:0;font-size:12px;color:#57606a;">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}">${escapeHtml(footer.link)}</a></p>
</div></body></html>`;
  return { subject, text, html };
}
