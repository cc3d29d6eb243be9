// Italian, informal address (tu) as Microsoft's Italian products use it.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const ITALIAN: LanguageWording = {
  reminder: {
    subject: 'La tua password sta per scadere',
    heading: 'La tua password sta per scadere',
    greeting: 'Gentile {{userName}},',
    expiry: `la password del tuo account ${COMPANY} scade il ${EXPIRY}. Giorni rimanenti: ${DAYS}.`,
    stepsIntro: 'Cambiala subito per continuare ad accedere alla posta, a Teams e alle altre app di lavoro:',
    signIn: `Accedi a ${PORTAL}.`,
    choosePassword: 'Seleziona <strong>Password</strong>, quindi <strong>Cambia password</strong>.',
    enterPasswords: 'Inserisci la password attuale e poi una nuova che non hai mai usato.',
    warning: 'Se la password scade prima che tu l’abbia cambiata, verrai disconnesso da tutte le app e dovrai rivolgerti all’help desk per rientrare.',
    automaticNotice:
      'Questo promemoria è stato inviato automaticamente. Se non te lo aspettavi, contatta l’help desk IT. Non condividere mai la tua password con nessuno, nemmeno con il reparto IT.',
    signOff: 'Grazie,<br />Il team IT di {{companyName}}',
  },
  afterExpiry: {
    subject: 'La tua password è scaduta',
    heading: 'La tua password è scaduta',
    expired: `la password del tuo account ${COMPANY} ${ACCOUNT} è scaduta il ${EXPIRY}.`,
    action: `Se riesci ancora ad accedere, cambiala subito da ${changePasswordLink('Cambia password')}. In caso contrario, chiedi all’help desk IT di reimpostarla.`,
  },
  footer: 'Promemoria automatico sulla password inviato dal team IT di {{companyName}}.',
};
