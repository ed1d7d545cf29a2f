import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { codeLabel, ignoreIfNotAsked } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: 'Your link and code to sign in to Polyglot.',
      de: 'Ihr Link und Code für die Anmeldung bei Polyglot.',
      fr: 'Votre lien et votre code pour vous connecter à Polyglot.',
      es: 'Tu enlace y tu código para iniciar sesión en Polyglot.',
      ja: 'Polyglot にログインするためのリンクとコードです。',
      ar: 'رابطك ورمزك لتسجيل الدخول إلى Polyglot.',
    },
    heading: {
      en: 'Your sign-in link',
      de: 'Ihr Anmeldelink',
      fr: 'Votre lien de connexion',
      es: 'Tu enlace de acceso',
      ja: 'ログインリンク',
      ar: 'رابط تسجيل الدخول',
    },
    intro: {
      en: 'Use this link to sign in to Polyglot:',
      de: 'Mit diesem Link melden Sie sich bei Polyglot an:',
      fr: 'Utilisez ce lien pour vous connecter à Polyglot :',
      es: 'Usa este enlace para iniciar sesión en Polyglot:',
      ja: '次のリンクから Polyglot にログインしてください。',
      ar: 'استخدم هذا الرابط لتسجيل الدخول إلى Polyglot:',
    },
    button: {
      en: 'Sign in',
      de: 'Anmelden',
      fr: 'Se connecter',
      es: 'Iniciar sesión',
      ja: 'ログインする',
      ar: 'تسجيل الدخول',
    },
    codeLabel,
    ignore: ignoreIfNotAsked,
    footer: {
      en: 'You received this email because someone asked to sign in to Polyglot with this address.',
      de: 'Sie erhalten diese E-Mail, weil mit dieser Adresse eine Anmeldung bei Polyglot angefordert wurde.',
      fr: 'Vous recevez cet e-mail parce qu’une connexion à Polyglot a été demandée avec cette adresse.',
      es: 'Recibes este correo porque alguien ha pedido iniciar sesión en Polyglot con esta dirección.',
      ja: 'このメールは、このメールアドレスで Polyglot へのログインがリクエストされたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن شخصًا ما طلب تسجيل الدخول إلى Polyglot بهذا العنوان.',
    },
  },
  body: codeBody('magiclink'),
});
