// Swedish, informal address (du) as is the norm in Swedish workplace mail.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const SWEDISH: LanguageWording = {
  reminder: {
    subject: 'Ditt lösenord går snart ut',
    heading: 'Ditt lösenord går snart ut',
    greeting: 'Hej {{userName}}!',
    expiry: `Lösenordet till ditt ${COMPANY}-konto går ut den ${EXPIRY}. Dagar kvar: ${DAYS}.`,
    stepsIntro: 'Byt det nu så att du behåller åtkomsten till e-post, Teams och dina andra jobbappar:',
    signIn: `Logga in på ${PORTAL}.`,
    choosePassword: 'Välj <strong>Lösenord</strong> och sedan <strong>Ändra lösenord</strong>.',
    enterPasswords: 'Ange ditt nuvarande lösenord och sedan ett nytt som du inte har använt tidigare.',
    warning: 'Om lösenordet hinner gå ut innan du har bytt det loggas du ut från alla appar och behöver hjälp av supporten för att komma in igen.',
    automaticNotice:
      'Den här påminnelsen skickades automatiskt. Om du inte väntade dig den, kontakta IT-supporten. Dela aldrig ditt lösenord med någon, inte ens med IT.',
    signOff: 'Vänliga hälsningar<br />IT på {{companyName}}',
  },
  afterExpiry: {
    subject: 'Ditt lösenord har gått ut',
    heading: 'Ditt lösenord har gått ut',
    expired: `Lösenordet till ditt ${COMPANY}-konto ${ACCOUNT} gick ut den ${EXPIRY}.`,
    action: `Om du fortfarande kan logga in, byt det nu via ${changePasswordLink('Ändra lösenord')}. Annars kontaktar du IT-supporten och ber att få det återställt.`,
  },
  footer: 'En automatisk lösenordspåminnelse från IT på {{companyName}}.',
};
