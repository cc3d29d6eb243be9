// Japanese, polite form (です・ます), with Microsoft's Japanese names for the portal's buttons.
import { ACCOUNT, changePasswordLink, COMPANY, DAYS, EXPIRY, type LanguageWording, PORTAL } from './wording-markup.js';

export const JAPANESE: LanguageWording = {
  reminder: {
    subject: 'パスワードの有効期限が近づいています',
    heading: 'パスワードの有効期限が近づいています',
    greeting: '{{userName}} さん',
    expiry: `${COMPANY} アカウントのパスワードは ${EXPIRY} に有効期限が切れます。残り日数: ${DAYS} 日。`,
    stepsIntro: 'メール、Teams、その他の業務アプリを引き続き利用できるよう、今すぐ変更してください。',
    signIn: `${PORTAL} にサインインします。`,
    choosePassword: '<strong>パスワード</strong> を選択し、<strong>パスワードの変更</strong> を選択します。',
    enterPasswords: '現在のパスワードを入力してから、これまでに使ったことのない新しいパスワードを入力します。',
    warning: '変更する前に有効期限が切れると、すべてのアプリからサインアウトされ、再びサインインするにはヘルプデスクの対応が必要になります。',
    automaticNotice:
      'このリマインダーは自動で送信されています。心当たりがない場合は、IT ヘルプデスクにお問い合わせください。パスワードは IT 部門を含め、誰にも教えないでください。',
    signOff: 'よろしくお願いいたします。<br />{{companyName}} IT 部門',
  },
  afterExpiry: {
    subject: 'パスワードの有効期限が切れました',
    heading: 'パスワードの有効期限が切れました',
    expired: `${COMPANY} アカウント ${ACCOUNT} のパスワードは ${EXPIRY} に有効期限が切れました。`,
    action: `まだサインインできる場合は、今すぐ ${changePasswordLink('パスワードの変更')} から変更してください。サインインできない場合は、IT ヘルプデスクにリセットを依頼してください。`,
  },
  footer: '{{companyName}} IT 部門からの自動パスワード通知です。',
};
