import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { accountLabel, securityFooter, resetPassword } from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'The password of your Polyglot account was just changed.',
      de: 'Das Passwort Ihres Polyglot-Kontos wurde soeben geändert.',
      fr: 'Le mot de passe de votre compte Polyglot vient d’être modifié.',
      es: 'Se acaba de cambiar la contraseña de tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントのパスワードが変更されました。',
      ar: 'غُيّرت للتو كلمة مرور حسابك في Polyglot.',
    },
    heading: {
      en: 'Your password was changed',
      de: 'Ihr Passwort wurde geändert',
      fr: 'Votre mot de passe a été modifié',
      es: 'Se ha cambiado tu contraseña',
      ja: 'パスワードが変更されました',
      ar: 'غُيّرت كلمة المرور',
    },
    intro: {
      en: 'The password of your Polyglot account was just changed. If you did this, there is nothing else to do.',
      de: 'Das Passwort Ihres Polyglot-Kontos wurde soeben geändert. Wenn Sie das waren, müssen Sie nichts weiter tun.',
      fr: 'Le mot de passe de votre compte Polyglot vient d’être modifié. Si c’est vous, vous n’avez rien d’autre à faire.',
      es: 'Se acaba de cambiar la contraseña de tu cuenta de Polyglot. Si has sido tú, no tienes que hacer nada más.',
      ja: 'Polyglot アカウントのパスワードが変更されました。お客様ご自身による変更であれば、これ以上の操作は必要ありません。',
      ar: 'غُيّرت للتو كلمة مرور حسابك في Polyglot. إذا كنت أنت من قام بذلك، فلا حاجة لفعل أي شيء آخر.',
    },
    accountLabel,
    notYou: {
      en: "If this wasn't you, reset your password right away with the button below.",
      de: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort über die Schaltfläche unten zurück.',
      fr: 'Si ce n’est pas vous, réinitialisez tout de suite votre mot de passe avec le bouton ci-dessous.',
      es: 'Si no has sido tú, restablece tu contraseña ahora mismo con el botón de abajo.',
      ja: 'お心当たりがない場合は、すぐに下のボタンからパスワードを再設定してください。',
      ar: 'إذا لم تكن أنت من قام بذلك، فأعد تعيين كلمة المرور فورًا من الزر أدناه.',
    },
    button: resetPassword,
    footer: securityFooter,
  },
  body: noticeBody('/forgot-password', [['$accountLabel', '.Email']]),
});
