import { codeBody } from './layout.ts';
import { defineMail } from './mail.ts';
import { ignoreIfNotAsked } from './words.ts';

export default defineMail({
  words: {
    preheader: {
      en: "Enter the code in this email to confirm it's you.",
      de: 'Geben Sie den Code aus dieser E-Mail ein, um zu bestätigen, dass Sie es sind.',
      fr: 'Saisissez le code de cet e-mail pour confirmer votre identité.',
      es: 'Escribe el código de este correo para confirmar que eres tú.',
      ja: 'このメールのコードを入力して、ご本人確認を完了してください。',
      ar: 'أدخل الرمز الموجود في هذه الرسالة لتأكيد هويتك.',
    },
    heading: {
      en: "Confirm it's you",
      de: 'Bestätigen Sie, dass Sie es sind',
      fr: 'Confirmez votre identité',
      es: 'Confirma que eres tú',
      ja: 'ご本人確認',
      ar: 'تأكيد هويتك',
    },
    intro: {
      en: "Enter this code to confirm it's you:",
      de: 'Geben Sie diesen Code ein, um zu bestätigen, dass Sie es sind:',
      fr: 'Saisissez ce code pour confirmer votre identité :',
      es: 'Escribe este código para confirmar que eres tú:',
      ja: 'ご本人確認のため、次のコードを入力してください。',
      ar: 'أدخل هذا الرمز لتأكيد هويتك:',
    },
    ignore: ignoreIfNotAsked,
    footer: {
      en: 'You received this email because a verification code was requested for the Polyglot account with this address.',
      de: 'Sie erhalten diese E-Mail, weil für das Polyglot-Konto mit dieser Adresse ein Bestätigungscode angefordert wurde.',
      fr: 'Vous recevez cet e-mail parce qu’un code de vérification a été demandé pour le compte Polyglot lié à cette adresse.',
      es: 'Recibes este correo porque se ha pedido un código de verificación para la cuenta de Polyglot con esta dirección.',
      ja: 'このメールは、このメールアドレスの Polyglot アカウントで確認コードがリクエストされたためにお送りしています。',
      ar: 'تصلك هذه الرسالة لأن رمز تحقق طُلب لحساب Polyglot المرتبط بهذا العنوان.',
    },
  },
  body: codeBody(),
});
