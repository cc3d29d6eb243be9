// German, formal address (Sie), with Microsoft's German names for the portal's buttons.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const GERMAN: LanguageWording = {
  reminder: {
    subject: 'Ihr Kennwort läuft bald ab',
    heading: 'Ihr Kennwort läuft bald ab',
    greeting: 'Hallo {{userName}},',
    expiry: `das Kennwort Ihres ${COMPANY}-Kontos läuft am ${EXPIRY} ab. Verbleibende Tage: ${DAYS}.`,
    stepsIntro: 'Bitte ändern Sie es jetzt, damit Sie weiterhin auf E-Mail, Teams und Ihre anderen Arbeits-Apps zugreifen können:',
    signIn: `Melden Sie sich bei ${PORTAL} an.`,
    choosePassword: 'Wählen Sie <strong>Kennwort</strong> und dann <strong>Kennwort ändern</strong>.',
    enterPasswords: 'Geben Sie Ihr aktuelles Kennwort ein und danach ein neues, das Sie noch nie verwendet haben.',
    warning: 'Läuft das Kennwort ab, bevor Sie es geändert haben, werden Sie von allen Apps abgemeldet und brauchen den Helpdesk, um wieder hineinzukommen.',
    automaticNotice:
      'Diese Erinnerung wurde automatisch versendet. Falls Sie sie nicht erwartet haben, wenden Sie sich an Ihren IT-Helpdesk. Geben Sie Ihr Kennwort niemals weiter, auch nicht an die IT.',
    signOff: 'Vielen Dank<br />Ihr IT-Team von {{companyName}}',
  },
  afterExpiry: {
    subject: 'Ihr Kennwort ist abgelaufen',
    heading: 'Ihr Kennwort ist abgelaufen',
    expired: `das Kennwort Ihres ${COMPANY}-Kontos ${ACCOUNT} ist am ${EXPIRY} abgelaufen.`,
    action: `Wenn Sie sich noch anmelden können, ändern Sie es jetzt unter ${changePasswordLink('Kennwort ändern')}. Andernfalls bitten Sie Ihren IT-Helpdesk, es zurückzusetzen.`,
  },
  footer: 'Eine automatische Kennworterinnerung Ihres IT-Teams von {{companyName}}.',
};
