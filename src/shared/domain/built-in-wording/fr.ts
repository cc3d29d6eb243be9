// French, formal address (vous), with a narrow no-break space before ':' as French typography wants.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const FRENCH: LanguageWording = {
  reminder: {
    subject: 'Votre mot de passe expire bientôt',
    heading: 'Votre mot de passe expire bientôt',
    greeting: 'Bonjour {{userName}},',
    expiry: `Le mot de passe de votre compte ${COMPANY} expire le ${EXPIRY}. Jours restants\u00a0: ${DAYS}.`,
    stepsIntro: 'Changez-le dès maintenant pour garder l’accès à votre messagerie, à Teams et à vos autres applications professionnelles\u00a0:',
    signIn: `Connectez-vous sur ${PORTAL}.`,
    choosePassword: 'Sélectionnez <strong>Mot de passe</strong>, puis <strong>Modifier le mot de passe</strong>.',
    enterPasswords: 'Saisissez votre mot de passe actuel, puis un nouveau mot de passe que vous n’avez encore jamais utilisé.',
    warning:
      'Si le mot de passe expire avant que vous ne l’ayez changé, vous serez déconnecté de toutes les applications et devrez passer par le support informatique pour retrouver l’accès.',
    automaticNotice:
      'Ce rappel vous a été envoyé automatiquement. Si vous ne l’attendiez pas, contactez votre support informatique. Ne communiquez jamais votre mot de passe, pas même au service informatique.',
    signOff: 'Merci,<br />Le service informatique de {{companyName}}',
  },
  afterExpiry: {
    subject: 'Votre mot de passe a expiré',
    heading: 'Votre mot de passe a expiré',
    expired: `Le mot de passe de votre compte ${COMPANY} ${ACCOUNT} a expiré le ${EXPIRY}.`,
    action: `Si vous pouvez encore vous connecter, changez-le dès maintenant via ${changePasswordLink('Modifier le mot de passe')}. Sinon, demandez à votre support informatique de le réinitialiser.`,
  },
  footer: 'Rappel automatique de mot de passe envoyé par le service informatique de {{companyName}}.',
};
