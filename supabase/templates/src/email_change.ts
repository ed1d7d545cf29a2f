import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { codeLabel, ignoreIfNotAsked } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: 'Confirm the new email address of your Polyglot account.',
      de: 'Bestätigen Sie die neue E-Mail-Adresse Ihres Polyglot-Kontos.',
      fr: 'Confirmez la nouvelle adresse e-mail de votre compte Polyglot.',
      es: 'Confirma el nuevo correo electrónico de tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントの新しいメールアドレスを確認してください。',
      ar: 'أكِّد عنوان البريد الإلكتروني الجديد لحسابك في Polyglot.',
    },
    heading: {
      en: 'Confirm your new email address',
      de: 'Neue E-Mail-Adresse bestätigen',
      fr: 'Confirmez votre nouvelle adresse e-mail',
      es: 'Confirma tu nuevo correo electrónico',
      ja: '新しいメールアドレスの確認',
      ar: 'أكِّد عنوان بريدك الإلكتروني الجديد',
    },
    intro: {
      en: 'Confirm the change of your Polyglot email address from',
      de: 'Bestätigen Sie die Änderung Ihrer Polyglot-E-Mail-Adresse von',
      fr: 'Confirmez le changement de votre adresse e-mail Polyglot de',
      es: 'Confirma el cambio de tu correo de Polyglot de',
      ja: 'Polyglot のメールアドレスを',
      ar: 'أكِّد تغيير عنوان بريدك الإلكتروني في Polyglot من',
    },
    introTo: {
      en: 'to',
      de: 'zu',
      fr: 'vers',
      es: 'a',
      ja: 'から',
      ar: 'إلى',
    },
    introEnd: {
      en: ':',
      de: ':',
      fr: ' :',
      es: ':',
      ja: ' に変更します。よろしければ確認してください。',
      ar: ':',
    },
    button: {
      en: 'Confirm change',
      de: 'Änderung bestätigen',
      fr: 'Confirmer le changement',
      es: 'Confirmar cambio',
      ja: '変更を確認する',
      ar: 'تأكيد التغيير',
    },
    codeLabel,
    ignore: ignoreIfNotAsked,
    footer: {
      en: 'You received this email because someone asked to change the email address of a Polyglot account from or to this address.',
      de: 'Sie erhalten diese E-Mail, weil die E-Mail-Adresse eines Polyglot-Kontos von dieser oder auf diese Adresse geändert werden soll.',
      fr: 'Vous recevez cet e-mail parce qu’un changement d’adresse e-mail demandé pour un compte Polyglot concerne cette adresse.',
      es: 'Recibes este correo porque alguien ha pedido cambiar el correo de una cuenta de Polyglot desde o hacia esta dirección.',
      ja: 'このメールは、Polyglot アカウントのメールアドレスをこのアドレスから、またはこのアドレスへ変更するリクエストがあったためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن شخصًا ما طلب تغيير عنوان البريد الإلكتروني لحساب في Polyglot من هذا العنوان أو إليه.',
    },
  },
  body: codeBody(
    'email_change',
    '{{ $intro }} <span dir="ltr">{{ .Email }}</span> {{ $introTo }} <span dir="ltr">{{ .NewEmail }}</span>{{ $introEnd }}',
  ),
});
