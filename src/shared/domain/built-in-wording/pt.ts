// Portuguese as written in Brazil (você), the variant most Portuguese-speaking users read.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const PORTUGUESE: LanguageWording = {
  reminder: {
    subject: 'Sua senha vai expirar em breve',
    heading: 'Sua senha vai expirar em breve',
    greeting: 'Olá, {{userName}},',
    expiry: `A senha da sua conta ${COMPANY} expira em ${EXPIRY}. Dias restantes: ${DAYS}.`,
    stepsIntro: 'Altere-a agora para continuar acessando o e-mail, o Teams e os outros aplicativos de trabalho:',
    signIn: `Entre em ${PORTAL}.`,
    choosePassword: 'Selecione <strong>Senha</strong> e depois <strong>Alterar senha</strong>.',
    enterPasswords: 'Digite sua senha atual e, em seguida, uma nova que você ainda não tenha usado.',
    warning:
      'Se a senha expirar antes de você alterá-la, sua sessão será encerrada em todos os aplicativos e você vai precisar do suporte técnico para voltar a entrar.',
    automaticNotice:
      'Este lembrete foi enviado automaticamente. Se você não esperava por ele, fale com o suporte de TI. Nunca compartilhe sua senha com ninguém, nem mesmo com a equipe de TI.',
    signOff: 'Obrigado,<br />Equipe de TI da {{companyName}}',
  },
  afterExpiry: {
    subject: 'Sua senha expirou',
    heading: 'Sua senha expirou',
    expired: `A senha da sua conta ${COMPANY} ${ACCOUNT} expirou em ${EXPIRY}.`,
    action: `Se você ainda consegue entrar, altere-a agora em ${changePasswordLink('Alterar senha')}. Caso contrário, peça ao suporte de TI para redefini-la.`,
  },
  footer: 'Lembrete automático de senha da equipe de TI da {{companyName}}.',
};
