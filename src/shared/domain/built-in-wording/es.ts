// Spanish, formal address (usted), written to read naturally in Spain and Latin America alike.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const SPANISH: LanguageWording = {
  reminder: {
    subject: 'Su contraseña caducará pronto',
    heading: 'Su contraseña caducará pronto',
    greeting: 'Hola, {{userName}}:',
    expiry: `La contraseña de su cuenta de ${COMPANY} caduca el ${EXPIRY}. Días restantes: ${DAYS}.`,
    stepsIntro: 'Cámbiela ahora para seguir teniendo acceso al correo, a Teams y al resto de sus aplicaciones de trabajo:',
    signIn: `Inicie sesión en ${PORTAL}.`,
    choosePassword: 'Seleccione <strong>Contraseña</strong> y, a continuación, <strong>Cambiar contraseña</strong>.',
    enterPasswords: 'Escriba su contraseña actual y, después, una nueva que no haya usado nunca.',
    warning:
      'Si la contraseña caduca antes de que la cambie, se cerrará su sesión en todas las aplicaciones y necesitará la ayuda del servicio técnico para volver a entrar.',
    automaticNotice:
      'Este recordatorio se ha enviado automáticamente. Si no lo esperaba, póngase en contacto con el servicio de asistencia de TI. No comparta nunca su contraseña con nadie, ni siquiera con el departamento de TI.',
    signOff: 'Gracias,<br />El equipo de TI de {{companyName}}',
  },
  afterExpiry: {
    subject: 'Su contraseña ha caducado',
    heading: 'Su contraseña ha caducado',
    expired: `La contraseña de su cuenta de ${COMPANY} ${ACCOUNT} caducó el ${EXPIRY}.`,
    action: `Si todavía puede iniciar sesión, cámbiela ahora en ${changePasswordLink('Cambiar contraseña')}. Si no puede, pida al servicio de asistencia de TI que la restablezca.`,
  },
  footer: 'Recordatorio automático de contraseña del equipo de TI de {{companyName}}.',
};
