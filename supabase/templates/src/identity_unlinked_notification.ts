import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import {
  goToAccount,
  accountLabel,
  securityFooter,
  notYouChangePassword,
  providerLabel,
  emailProvider,
  phoneProvider,
  providerName,
} from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'A sign-in method was removed from your Polyglot account.',
      de: 'Aus Ihrem Polyglot-Konto wurde eine Anmeldemethode entfernt.',
      fr: 'Un mode de connexion a été retiré de votre compte Polyglot.',
      es: 'Se ha quitado un método de inicio de sesión de tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントからログイン方法が削除されました。',
      ar: 'أُزيلت طريقة لتسجيل الدخول من حسابك في Polyglot.',
    },
    heading: {
      en: 'Sign-in method removed',
      de: 'Anmeldemethode entfernt',
      fr: 'Mode de connexion retiré',
      es: 'Se ha quitado un método de inicio de sesión',
      ja: 'ログイン方法が削除されました',
      ar: 'أُزيلت طريقة لتسجيل الدخول',
    },
    intro: {
      en: 'A sign-in method was removed from your Polyglot account. It can no longer be used to sign in.',
      de: 'Aus Ihrem Polyglot-Konto wurde eine Anmeldemethode entfernt. Damit ist keine Anmeldung mehr möglich.',
      fr: 'Un mode de connexion a été retiré de votre compte Polyglot. Il ne permet plus de se connecter.',
      es: 'Se ha quitado un método de inicio de sesión de tu cuenta de Polyglot. Ya no se puede usar para iniciar sesión.',
      ja: 'Polyglot アカウントからログイン方法が削除されました。今後この方法ではログインできません。',
      ar: 'أُزيلت طريقة لتسجيل الدخول من حسابك في Polyglot، ولم يعد من الممكن استخدامها لتسجيل الدخول.',
    },
    accountLabel,
    providerLabel,
    notYou: notYouChangePassword,
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
