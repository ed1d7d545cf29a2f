import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import {
  goToAccount,
  accountLabel,
  securityFooter,
  notYouCanSignIn,
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
      en: 'A new two-factor authentication method was added to your Polyglot account.',
      de: 'Ihrem Polyglot-Konto wurde eine neue Methode für die Zwei-Faktor-Authentifizierung hinzugefügt.',
      fr: 'Une nouvelle méthode d’authentification à deux facteurs a été ajoutée à votre compte Polyglot.',
      es: 'Se ha añadido un nuevo método de autenticación en dos pasos a tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントに2段階認証の方法が追加されました。',
      ar: 'أُضيفت طريقة جديدة للمصادقة الثنائية إلى حسابك في Polyglot.',
    },
    heading: {
      en: 'Two-factor authentication method added',
      de: 'Methode für die Zwei-Faktor-Authentifizierung hinzugefügt',
      fr: 'Méthode d’authentification à deux facteurs ajoutée',
      es: 'Nuevo método de autenticación en dos pasos',
      ja: '2段階認証の方法が追加されました',
      ar: 'أُضيفت طريقة للمصادقة الثنائية',
    },
    intro: {
      en: 'A new two-factor authentication method was added to your Polyglot account. From now on, it can be used to confirm signing in.',
      de: 'Ihrem Polyglot-Konto wurde eine neue Methode für die Zwei-Faktor-Authentifizierung hinzugefügt. Ab jetzt lässt sich die Anmeldung damit bestätigen.',
      fr: 'Une nouvelle méthode d’authentification à deux facteurs a été ajoutée à votre compte Polyglot. Elle permet désormais de confirmer vos connexions.',
      es: 'Se ha añadido un nuevo método de autenticación en dos pasos a tu cuenta de Polyglot. A partir de ahora, se puede usar para confirmar el inicio de sesión.',
      ja: 'Polyglot アカウントに2段階認証の方法が追加されました。今後はこの方法でログインを確認できます。',
      ar: 'أُضيفت طريقة جديدة للمصادقة الثنائية إلى حسابك في Polyglot، ويمكن من الآن استخدامها لتأكيد تسجيل الدخول.',
    },
    accountLabel,
    methodLabel,
    notYou: notYouCanSignIn,
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
