import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { codeLabel } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: "You've been invited to join Polyglot: accept the invitation to set up your account.",
      de: 'Sie wurden zu Polyglot eingeladen: Nehmen Sie die Einladung an, um Ihr Konto einzurichten.',
      fr: 'Une invitation à rejoindre Polyglot vous attend : acceptez-la pour configurer votre compte.',
      es: 'Te han invitado a Polyglot: acepta la invitación para configurar tu cuenta.',
      ja: 'Polyglot への招待が届いています。招待を承諾して、アカウントを設定してください。',
      ar: 'تلقيت دعوة للانضمام إلى Polyglot: اقبلها لإعداد حسابك.',
    },
    heading: {
      en: "You're invited to Polyglot",
      de: 'Einladung zu Polyglot',
      fr: 'Invitation à rejoindre Polyglot',
      es: 'Invitación a Polyglot',
      ja: 'Polyglot への招待',
      ar: 'دعوة للانضمام إلى Polyglot',
    },
    intro: {
      en: "You've been invited to join Polyglot. Accept the invitation to set up your account:",
      de: 'Sie wurden zu Polyglot eingeladen. Nehmen Sie die Einladung an, um Ihr Konto einzurichten:',
      fr: 'Vous avez reçu une invitation à rejoindre Polyglot. Acceptez-la pour configurer votre compte :',
      es: 'Has recibido una invitación para unirte a Polyglot. Acéptala para configurar tu cuenta:',
      ja: 'Polyglot に招待されました。招待を承諾して、アカウントを設定してください。',
      ar: 'تلقّيت دعوة للانضمام إلى Polyglot. اقبل الدعوة لإعداد حسابك:',
    },
    button: {
      en: 'Accept invitation',
      de: 'Einladung annehmen',
      fr: 'Accepter l’invitation',
      es: 'Aceptar invitación',
      ja: '招待を承諾する',
      ar: 'قبول الدعوة',
    },
    codeLabel,
    ignore: {
      en: "If you weren't expecting this, you can ignore this email.",
      de: 'Wenn Sie keine Einladung erwartet haben, können Sie diese E-Mail ignorieren.',
      fr: 'Si vous ne vous attendiez pas à cette invitation, ignorez simplement cet e-mail.',
      es: 'Si no esperabas esta invitación, puedes ignorar este correo.',
      ja: 'お心当たりがない場合は、このメールを破棄してください。',
      ar: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    },
    footer: {
      en: 'You received this email because someone invited this address to Polyglot.',
      de: 'Sie erhalten diese E-Mail, weil diese Adresse zu Polyglot eingeladen wurde.',
      fr: 'Vous recevez cet e-mail parce que cette adresse a été invitée à rejoindre Polyglot.',
      es: 'Recibes este correo porque esta dirección ha recibido una invitación a Polyglot.',
      ja: 'このメールは、このメールアドレスが Polyglot に招待されたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن هذا العنوان تلقّى دعوة للانضمام إلى Polyglot.',
    },
  },
  body: codeBody('invite'),
});
