import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import {
  goToAccount,
  accountLabel,
  securityFooter,
  notYouCanSignIn,
  providerLabel,
  emailProvider,
  phoneProvider,
  providerName,
} from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'A new sign-in method was added to your Polyglot account.',
      de: 'Ihrem Polyglot-Konto wurde eine neue Anmeldemethode hinzugefügt.',
      fr: 'Un nouveau mode de connexion a été ajouté à votre compte Polyglot.',
      es: 'Se ha añadido un nuevo método de inicio de sesión a tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントに新しいログイン方法が追加されました。',
      ar: 'أُضيفت طريقة جديدة لتسجيل الدخول إلى حسابك في Polyglot.',
    },
    heading: {
      en: 'New sign-in method added',
      de: 'Neue Anmeldemethode hinzugefügt',
      fr: 'Nouveau mode de connexion ajouté',
      es: 'Nuevo método de inicio de sesión',
      ja: 'ログイン方法が追加されました',
      ar: 'أُضيفت طريقة جديدة لتسجيل الدخول',
    },
    intro: {
      en: 'A new sign-in method was linked to your Polyglot account. From now on, it can be used to sign in to your account.',
      de: 'Mit Ihrem Polyglot-Konto wurde eine neue Anmeldemethode verknüpft. Ab jetzt kann man sich damit bei Ihrem Konto anmelden.',
      fr: 'Un nouveau mode de connexion a été associé à votre compte Polyglot. Il permet désormais de se connecter à votre compte.',
      es: 'Se ha vinculado un nuevo método de inicio de sesión a tu cuenta de Polyglot. A partir de ahora, se puede usar para iniciar sesión en tu cuenta.',
      ja: 'Polyglot アカウントに新しいログイン方法が連携されました。今後はこの方法でもアカウントにログインできます。',
      ar: 'رُبطت طريقة جديدة لتسجيل الدخول بحسابك في Polyglot، ويمكن من الآن استخدامها لتسجيل الدخول إلى حسابك.',
    },
    accountLabel,
    providerLabel,
    notYou: notYouCanSignIn,
    button: goToAccount,
    emailProvider,
    phoneProvider,
    footer: securityFooter,
  },
  setup: providerName,
  body: noticeBody('/account', [
    ['$accountLabel', '.Email'],
    ['$providerLabel', '$provider'],
  ]),
});
