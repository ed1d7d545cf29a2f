import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { goToAccount, accountLabel, securityFooter, notYouChangePassword } from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'The phone number of your Polyglot account was changed.',
      de: 'Die Telefonnummer Ihres Polyglot-Kontos wurde geändert.',
      fr: 'Le numéro de téléphone de votre compte Polyglot a été modifié.',
      es: 'Se ha cambiado el número de teléfono de tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントの電話番号が変更されました。',
      ar: 'غُيّر رقم هاتف حسابك في Polyglot.',
    },
    heading: {
      en: 'Your phone number was changed',
      de: 'Ihre Telefonnummer wurde geändert',
      fr: 'Votre numéro de téléphone a été modifié',
      es: 'Se ha cambiado tu número de teléfono',
      ja: '電話番号が変更されました',
      ar: 'غُيّر رقم هاتفك',
    },
    intro: {
      en: 'The phone number of your Polyglot account was changed. If you did this, there is nothing else to do.',
      de: 'Die Telefonnummer Ihres Polyglot-Kontos wurde geändert. Wenn Sie das waren, müssen Sie nichts weiter tun.',
      fr: 'Le numéro de téléphone de votre compte Polyglot a été modifié. Si c’est vous, vous n’avez rien d’autre à faire.',
      es: 'Se ha cambiado el número de teléfono de tu cuenta de Polyglot. Si has sido tú, no tienes que hacer nada más.',
      ja: 'Polyglot アカウントの電話番号が変更されました。お客様ご自身による変更であれば、これ以上の操作は必要ありません。',
      ar: 'غُيّر رقم هاتف حسابك في Polyglot. إذا كنت أنت من قام بذلك، فلا حاجة لفعل أي شيء آخر.',
    },
    accountLabel,
    oldLabel: {
      en: 'Previous number:',
      de: 'Bisherige Nummer:',
      fr: 'Ancien numéro :',
      es: 'Número anterior:',
      ja: '変更前の電話番号：',
      ar: 'الرقم السابق:',
    },
    newLabel: {
      en: 'New number:',
      de: 'Neue Nummer:',
      fr: 'Nouveau numéro :',
      es: 'Número nuevo:',
      ja: '変更後の電話番号：',
      ar: 'الرقم الجديد:',
    },
    notYou: notYouChangePassword,
    button: goToAccount,
    footer: securityFooter,
  },
  body: noticeBody('/account', [
    ['$accountLabel', '.Email'],
    ['$oldLabel', '.OldPhone'],
    ['$newLabel', '.Phone'],
  ]),
});
