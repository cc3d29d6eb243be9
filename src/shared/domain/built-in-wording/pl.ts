// Polish, addressing the reader directly (Twoje) and phrased so that no sentence needs the
// reader's grammatical gender.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const POLISH: LanguageWording = {
  reminder: {
    subject: 'Twoje hasło wkrótce wygaśnie',
    heading: 'Twoje hasło wkrótce wygaśnie',
    greeting: 'Dzień dobry, {{userName}},',
    expiry: `hasło do Twojego konta ${COMPANY} wygasa ${EXPIRY}. Pozostało dni: ${DAYS}.`,
    stepsIntro: 'Zmień je teraz, aby nie stracić dostępu do poczty, Teams i innych aplikacji służbowych:',
    signIn: `Zaloguj się na stronie ${PORTAL}.`,
    choosePassword: 'Wybierz <strong>Hasło</strong>, a następnie <strong>Zmień hasło</strong>.',
    enterPasswords: 'Wpisz obecne hasło, a potem nowe, które nie było wcześniej używane.',
    warning: 'Jeśli hasło wygaśnie przed zmianą, nastąpi wylogowanie ze wszystkich aplikacji, a ponowne zalogowanie będzie wymagało pomocy działu wsparcia IT.',
    automaticNotice:
      'To przypomnienie zostało wysłane automatycznie. Jeśli ta wiadomość jest nieoczekiwana, skontaktuj się z działem wsparcia IT. Nigdy nikomu nie podawaj swojego hasła, także pracownikom IT.',
    signOff: 'Dziękujemy,<br />Dział IT {{companyName}}',
  },
  afterExpiry: {
    subject: 'Twoje hasło wygasło',
    heading: 'Twoje hasło wygasło',
    expired: `hasło do Twojego konta ${COMPANY} ${ACCOUNT} wygasło ${EXPIRY}.`,
    action: `Jeśli nadal możesz się zalogować, zmień je teraz na stronie ${changePasswordLink('Zmień hasło')}. Jeśli nie, poproś dział wsparcia IT o jego zresetowanie.`,
  },
  footer: 'Automatyczne przypomnienie o haśle od działu IT {{companyName}}.',
};
