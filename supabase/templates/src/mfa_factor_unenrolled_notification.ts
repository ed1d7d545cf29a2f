import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import {
  goToAccount,
  accountLabel,
  securityFooter,
  notYouChangePassword,
  methodLabel,
  totp,
  webauthn,
  phoneFactor,
  factorName,
} from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'A two-factor authentication method was removed from your Polyglot account.',
      de: 'Aus Ihrem Polyglot-Konto wurde eine Methode für die Zwei-Faktor-Authentifizierung entfernt.',
      fr: 'Une méthode d’authentification à deux facteurs a été retirée de votre compte Polyglot.',
      es: 'Se ha quitado un método de autenticación en dos pasos de tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントから2段階認証の方法が削除されました。',
      ar: 'أُزيلت طريقة للمصادقة الثنائية من حسابك في Polyglot.',
    },
    heading: {
      en: 'Two-factor authentication method removed',
      de: 'Methode für die Zwei-Faktor-Authentifizierung entfernt',
      fr: 'Méthode d’authentification à deux facteurs retirée',
      es: 'Se ha quitado un método de autenticación en dos pasos',
      ja: '2段階認証の方法が削除されました',
      ar: 'أُزيلت طريقة للمصادقة الثنائية',
    },
    intro: {
      en: 'A two-factor authentication method was removed from your Polyglot account. It can no longer be used to confirm signing in.',
      de: 'Aus Ihrem Polyglot-Konto wurde eine Methode für die Zwei-Faktor-Authentifizierung entfernt. Damit lässt sich die Anmeldung nicht mehr bestätigen.',
      fr: 'Une méthode d’authentification à deux facteurs a été retirée de votre compte Polyglot. Elle ne permet plus de confirmer vos connexions.',
      es: 'Se ha quitado un método de autenticación en dos pasos de tu cuenta de Polyglot. Ya no se puede usar para confirmar el inicio de sesión.',
      ja: 'Polyglot アカウントから2段階認証の方法が削除されました。今後この方法ではログインを確認できません。',
      ar: 'أُزيلت طريقة للمصادقة الثنائية من حسابك في Polyglot، ولم يعد من الممكن استخدامها لتأكيد تسجيل الدخول.',
    },
    accountLabel,
    methodLabel,
    notYou: notYouChangePassword,
    button: goToAccount,
    totp,
    webauthn,
    phoneFactor,
    footer: securityFooter,
  },
  setup: factorName,
  body: noticeBody('/account', [
    ['$accountLabel', '.Email'],
    ['$methodLabel', '$method'],
  ]),
});
