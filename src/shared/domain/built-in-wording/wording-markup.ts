// The markup of the built-in reminder and after-expiry templates, once for every language: each
// language (one file each) writes only its phrases, in its own word order, with these pieces where
// a value goes. The result is the markup the editor itself produces (see default reminder notes in
// docs/product.md §Reminder languages), so a built-in template loads into the editor unchanged.

/** {{companyName}} in bold. */
export const COMPANY = '<strong>{{companyName}}</strong>';
/** {{expirationDate}} in bold. */
export const EXPIRY = '<strong>{{expirationDate}}</strong>';
/** {{userPrincipalName}} in bold. */
export const ACCOUNT = '<strong>{{userPrincipalName}}</strong>';
/** {{daysRemaining}} in bold red. */
export const DAYS = '<strong><span style="color:#dc2626">{{daysRemaining}}</span></strong>';

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Microsoft's My Account portal, where the steps of the reminder start. */
export const PORTAL = `<a href="https://myaccount.microsoft.com" ${LINK_ATTRIBUTES}>myaccount.microsoft.com</a>`;

/** A link to the change-password page ({{changePasswordUrl}}) reading `label`. */
export const changePasswordLink = (label: string) => `<a href="{{changePasswordUrl}}" ${LINK_ATTRIBUTES}>${label}</a>`;

/** What one language says in the reminder sent before the expiry. */
export interface ReminderPhrases {
  subject: string;
  heading: string;
  /** With {{userName}}. */
  greeting: string;
  /** With COMPANY, EXPIRY and DAYS. */
  expiry: string;
  stepsIntro: string;
  /** With PORTAL. */
  signIn: string;
  choosePassword: string;
  enterPasswords: string;
  warning: string;
  automaticNotice: string;
  /** The closing and the signature, with {{companyName}}, split by '<br />'. */
  signOff: string;
}

/** What one language says in the reminder sent after the expiry. */
export interface AfterExpiryPhrases {
  subject: string;
  heading: string;
  /** With COMPANY, ACCOUNT and EXPIRY. */
  expired: string;
  /** With changePasswordLink. */
  action: string;
}

export interface LanguageWording {
  reminder: ReminderPhrases;
  afterExpiry: AfterExpiryPhrases;
  /** The mail frame's footer line, with {{companyName}}. */
  footer: string;
}

export function reminderTemplate(phrases: ReminderPhrases): string {
  return [
    `<h2>${phrases.heading}</h2>`,
    `<p>${phrases.greeting}</p>`,
    `<p>${phrases.expiry}</p>`,
    `<p>${phrases.stepsIntro}</p>`,
    '<ol>',
    `<li><p>${phrases.signIn}</p></li>`,
    `<li><p>${phrases.choosePassword}</p></li>`,
    `<li><p>${phrases.enterPasswords}</p></li>`,
    '</ol>',
    `<p><mark data-color="#fef08a" style="background-color:#fef08a;color:inherit">${phrases.warning}</mark></p>`,
    `<p>${phrases.automaticNotice}</p>`,
    `<p>${phrases.signOff}</p>`,
  ].join('');
}

export function afterExpiryTemplate(phrases: AfterExpiryPhrases, reminder: ReminderPhrases): string {
  return [
    `<h2>${phrases.heading}</h2>`,
    `<p>${reminder.greeting}</p>`,
    `<p>${phrases.expired}</p>`,
    `<p>${phrases.action}</p>`,
    `<p>${reminder.signOff}</p>`,
  ].join('');
}
