// English: the wording organizations saved before reminders came in several languages, kept to the
// character so that such a saved template still counts as the built-in one.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const ENGLISH: LanguageWording = {
  reminder: {
    subject: 'Password Expiration Notice',
    heading: 'Your password expires soon',
    greeting: 'Hello {{userName}},',
    expiry: `The password for your ${COMPANY} account expires on ${EXPIRY}. Days remaining: ${DAYS}.`,
    stepsIntro: 'Change it now to keep access to email, Teams and your other work apps:',
    signIn: `Sign in at ${PORTAL}.`,
    choosePassword: 'Select <strong>Password</strong>, then <strong>Change password</strong>.',
    enterPasswords: 'Enter your current password, then a new one you have not used before.',
    warning: 'If the password expires before you change it, you will be signed out of every app and need the help desk to get back in.',
    automaticNotice:
      'This reminder was sent automatically. If you did not expect it, contact your IT help desk; never share your password with anyone, including IT.',
    signOff: 'Thank you,<br />{{companyName}} IT',
  },
  afterExpiry: {
    subject: 'Your password has expired',
    heading: 'Your password has expired',
    expired: `The password of your ${COMPANY} account ${ACCOUNT} expired on ${EXPIRY}.`,
    action: `If you can still sign in, change it now at ${changePasswordLink('Change password')}. If you cannot, contact your IT help desk to have it reset.`,
  },
  footer: 'An automated password reminder from {{companyName}} IT.',
};
