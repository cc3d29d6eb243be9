// Dutch, informal address (je) as is usual in Dutch workplace mail.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const DUTCH: LanguageWording = {
  reminder: {
    subject: 'Je wachtwoord verloopt binnenkort',
    heading: 'Je wachtwoord verloopt binnenkort',
    greeting: 'Hallo {{userName}},',
    expiry: `het wachtwoord van je ${COMPANY}-account verloopt op ${EXPIRY}. Resterende dagen: ${DAYS}.`,
    stepsIntro: 'Wijzig het nu, zodat je toegang houdt tot je e-mail, Teams en je andere werk-apps:',
    signIn: `Meld je aan op ${PORTAL}.`,
    choosePassword: 'Kies <strong>Wachtwoord</strong> en daarna <strong>Wachtwoord wijzigen</strong>.',
    enterPasswords: 'Voer je huidige wachtwoord in en daarna een nieuw wachtwoord dat je nog niet eerder hebt gebruikt.',
    warning: 'Verloopt het wachtwoord voordat je het hebt gewijzigd, dan word je in alle apps afgemeld en heb je de helpdesk nodig om weer binnen te komen.',
    automaticNotice:
      'Deze herinnering is automatisch verstuurd. Had je die niet verwacht, neem dan contact op met je IT-helpdesk. Deel je wachtwoord nooit met anderen, ook niet met IT.',
    signOff: 'Bedankt,<br />IT van {{companyName}}',
  },
  afterExpiry: {
    subject: 'Je wachtwoord is verlopen',
    heading: 'Je wachtwoord is verlopen',
    expired: `het wachtwoord van je ${COMPANY}-account ${ACCOUNT} is verlopen op ${EXPIRY}.`,
    action: `Kun je nog aanmelden? Wijzig het dan nu via ${changePasswordLink('Wachtwoord wijzigen')}. Lukt dat niet, vraag dan de IT-helpdesk om het opnieuw in te stellen.`,
  },
  footer: 'Een automatische wachtwoordherinnering van IT van {{companyName}}.',
};
