import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { codeLabel } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: 'One step left: confirm your email address to finish creating your Polyglot account.',
      de: 'Nur noch ein Schritt: Bestätigen Sie Ihre E-Mail-Adresse, um Ihr Polyglot-Konto fertig einzurichten.',
      fr: 'Plus qu’une étape : confirmez votre adresse e-mail pour finaliser la création de votre compte Polyglot.',
      es: 'Solo falta un paso: confirma tu correo electrónico para terminar de crear tu cuenta de Polyglot.',
      ja: 'あと1ステップです。メールアドレスを確認して、Polyglot のアカウント作成を完了してください。',
      ar: 'خطوة أخيرة: أكِّد عنوان بريدك الإلكتروني لإكمال إنشاء حسابك في Polyglot.',
    },
    heading: {
      en: 'Confirm your email address',
      de: 'Bestätigen Sie Ihre E-Mail-Adresse',
      fr: 'Confirmez votre adresse e-mail',
      es: 'Confirma tu correo electrónico',
      ja: 'メールアドレスの確認',
      ar: 'أكِّد عنوان بريدك الإلكتروني',
    },
    intro: {
      en: 'Thanks for signing up for Polyglot. Confirm your address to finish creating your account:',
      de: 'Vielen Dank für Ihre Registrierung bei Polyglot. Bestätigen Sie Ihre Adresse, um Ihr Konto fertig einzurichten:',
      fr: 'Merci de votre inscription sur Polyglot. Confirmez votre adresse pour finaliser la création de votre compte :',
      es: 'Gracias por registrarte en Polyglot. Confirma tu dirección para terminar de crear tu cuenta:',
      ja: 'Polyglot にご登録いただきありがとうございます。アカウントの作成を完了するには、メールアドレスを確認してください。',
      ar: 'شكرًا لتسجيلك في Polyglot. أكِّد عنوانك لإكمال إنشاء حسابك:',
    },
    button: {
      en: 'Confirm email address',
      de: 'E-Mail-Adresse bestätigen',
      fr: 'Confirmer l’adresse e-mail',
      es: 'Confirmar correo electrónico',
      ja: 'メールアドレスを確認する',
      ar: 'تأكيد البريد الإلكتروني',
    },
    codeLabel,
    ignore: {
      en: "If you didn't sign up, you can ignore this email.",
      de: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
      fr: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez simplement cet e-mail.',
      es: 'Si no te has registrado, puedes ignorar este correo.',
      ja: 'お心当たりがない場合は、このメールを破棄してください。',
      ar: 'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
    },
    footer: {
      en: 'You received this email because this address was used to create a Polyglot account.',
      de: 'Sie erhalten diese E-Mail, weil mit dieser Adresse ein Polyglot-Konto erstellt wurde.',
      fr: 'Vous recevez cet e-mail parce que cette adresse a servi à créer un compte Polyglot.',
      es: 'Recibes este correo porque se ha usado esta dirección para crear una cuenta de Polyglot.',
      ja: 'このメールは、このメールアドレスで Polyglot のアカウントが作成されたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن هذا العنوان استُخدم لإنشاء حساب في Polyglot.',
    },
  },
  body: codeBody('signup'),
});
