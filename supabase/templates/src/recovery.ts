import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { codeLabel, resetPassword } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: 'Choose a new password for your Polyglot account.',
      de: 'Wählen Sie ein neues Passwort für Ihr Polyglot-Konto.',
      fr: 'Choisissez un nouveau mot de passe pour votre compte Polyglot.',
      es: 'Elige una nueva contraseña para tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントの新しいパスワードを設定してください。',
      ar: 'اختر كلمة مرور جديدة لحسابك في Polyglot.',
    },
    heading: {
      en: 'Reset your password',
      de: 'Passwort zurücksetzen',
      fr: 'Réinitialisez votre mot de passe',
      es: 'Restablece tu contraseña',
      ja: 'パスワードの再設定',
      ar: 'إعادة تعيين كلمة المرور',
    },
    intro: {
      en: 'We received a request to reset your Polyglot password. Choose a new one here:',
      de: 'Wir haben eine Anfrage erhalten, Ihr Polyglot-Passwort zurückzusetzen. Wählen Sie hier ein neues:',
      fr: 'Nous avons reçu une demande de réinitialisation de votre mot de passe Polyglot. Choisissez-en un nouveau ici :',
      es: 'Hemos recibido una solicitud para restablecer tu contraseña de Polyglot. Elige una nueva aquí:',
      ja: 'Polyglot のパスワード再設定のリクエストを受け付けました。こちらから新しいパスワードを設定してください。',
      ar: 'تلقّينا طلبًا لإعادة تعيين كلمة مرورك في Polyglot. اختر كلمة مرور جديدة من هنا:',
    },
    button: resetPassword,
    codeLabel,
    ignore: {
      en: "If you didn't ask for this, your password stays unchanged.",
      de: 'Wenn Sie das nicht angefordert haben, bleibt Ihr Passwort unverändert.',
      fr: 'Si vous n’êtes pas à l’origine de cette demande, votre mot de passe reste inchangé.',
      es: 'Si no lo has solicitado, tu contraseña no cambiará.',
      ja: 'お心当たりがない場合、パスワードは変更されません。',
      ar: 'إذا لم تطلب ذلك، فستبقى كلمة مرورك دون تغيير.',
    },
    footer: {
      en: 'You received this email because someone asked to reset the password of the Polyglot account with this address.',
      de: 'Sie erhalten diese E-Mail, weil für das Polyglot-Konto mit dieser Adresse das Zurücksetzen des Passworts angefordert wurde.',
      fr: 'Vous recevez cet e-mail parce que la réinitialisation du mot de passe du compte Polyglot lié à cette adresse a été demandée.',
      es: 'Recibes este correo porque alguien ha pedido restablecer la contraseña de la cuenta de Polyglot con esta dirección.',
      ja: 'このメールは、このメールアドレスの Polyglot アカウントでパスワードの再設定がリクエストされたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن شخصًا ما طلب إعادة تعيين كلمة المرور لحساب Polyglot المرتبط بهذا العنوان.',
    },
  },
  body: codeBody('recovery'),
});
