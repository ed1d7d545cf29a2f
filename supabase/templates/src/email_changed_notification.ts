import { noticeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { goToAccount } from './words.ts';

export default defineMail({
  note: 'No link here signs anyone in.',
  words: {
    preheader: {
      en: 'Your Polyglot account now uses a different email address.',
      de: 'Ihr Polyglot-Konto verwendet jetzt eine andere E-Mail-Adresse.',
      fr: 'Votre compte Polyglot utilise désormais une autre adresse e-mail.',
      es: 'Tu cuenta de Polyglot usa ahora otro correo electrónico.',
      ja: 'Polyglot アカウントのメールアドレスが変更されました。',
      ar: 'يستخدم حسابك في Polyglot الآن عنوان بريد إلكتروني مختلفًا.',
    },
    heading: {
      en: 'Your email address was changed',
      de: 'Ihre E-Mail-Adresse wurde geändert',
      fr: 'Votre adresse e-mail a été modifiée',
      es: 'Se ha cambiado tu correo electrónico',
      ja: 'メールアドレスが変更されました',
      ar: 'غُيّر عنوان بريدك الإلكتروني',
    },
    intro: {
      en: 'The email address of your Polyglot account was changed. From now on, you sign in with the new address and receive our emails there.',
      de: 'Die E-Mail-Adresse Ihres Polyglot-Kontos wurde geändert. Ab jetzt melden Sie sich mit der neuen Adresse an und erhalten unsere E-Mails dort.',
      fr: 'L’adresse e-mail de votre compte Polyglot a été modifiée. Désormais, vous vous connectez avec la nouvelle adresse et c’est là que vous recevez nos e-mails.',
      es: 'Se ha cambiado el correo electrónico de tu cuenta de Polyglot. A partir de ahora, inicias sesión con la nueva dirección y recibes nuestros correos en ella.',
      ja: 'Polyglot アカウントのメールアドレスが変更されました。今後は新しいメールアドレスでログインし、お知らせもそちらに届きます。',
      ar: 'غُيّر عنوان البريد الإلكتروني لحسابك في Polyglot. من الآن فصاعدًا ستسجّل الدخول بالعنوان الجديد وستصلك رسائلنا عليه.',
    },
    oldLabel: {
      en: 'Previous address:',
      de: 'Bisherige Adresse:',
      fr: 'Ancienne adresse :',
      es: 'Dirección anterior:',
      ja: '変更前のアドレス：',
      ar: 'العنوان السابق:',
    },
    newLabel: {
      en: 'New address:',
      de: 'Neue Adresse:',
      fr: 'Nouvelle adresse :',
      es: 'Dirección nueva:',
      ja: '変更後のアドレス：',
      ar: 'العنوان الجديد:',
    },
    notYou: {
      en: "If this wasn't you, someone else may have access to your account and to this mailbox: change the password of this mailbox right away, then check your Polyglot account.",
      de: 'Falls Sie das nicht waren, hat womöglich jemand anderes Zugriff auf Ihr Konto und auf dieses Postfach: Ändern Sie sofort das Passwort dieses Postfachs und prüfen Sie dann Ihr Polyglot-Konto.',
      fr: 'Si ce n’est pas vous, quelqu’un d’autre a peut-être accès à votre compte et à cette boîte de réception : changez tout de suite le mot de passe de cette boîte, puis vérifiez votre compte Polyglot.',
      es: 'Si no has sido tú, puede que otra persona tenga acceso a tu cuenta y a este buzón: cambia ahora mismo la contraseña de este buzón y revisa después tu cuenta de Polyglot.',
      ja: 'お心当たりがない場合は、第三者がアカウントとこのメールボックスにアクセスしている可能性があります。すぐにこのメールボックスのパスワードを変更し、Polyglot アカウントを確認してください。',
      ar: 'إذا لم تكن أنت من قام بذلك، فقد يكون لدى شخص آخر وصول إلى حسابك وإلى صندوق البريد هذا: غيِّر كلمة مرور صندوق البريد هذا فورًا، ثم راجع حسابك في Polyglot.',
    },
    button: goToAccount,
    footer: {
      en: 'You received this email because this address was replaced on the Polyglot account that used it.',
      de: 'Sie erhalten diese E-Mail, weil diese Adresse in dem Polyglot-Konto ersetzt wurde, das sie verwendet hat.',
      fr: 'Vous recevez cet e-mail parce que cette adresse a été remplacée sur le compte Polyglot qui l’utilisait.',
      es: 'Recibes este correo porque esta dirección se ha sustituido en la cuenta de Polyglot que la usaba.',
      ja: 'このメールは、このメールアドレスを使用していた Polyglot アカウントでアドレスが変更されたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن هذا العنوان استُبدل في حساب Polyglot الذي كان يستخدمه.',
    },
  },
  body: noticeBody('/account', [
    ['$oldLabel', '.OldEmail'],
    ['$newLabel', '.Email'],
  ]),
});
