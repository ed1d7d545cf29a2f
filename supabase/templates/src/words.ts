// Texts several mails share, each in every language: worded once, for every mail that says it.
import type { Phrase } from './mail.ts';

/** Under the button: the code that does the same. */
export const codeLabel: Phrase = {
  en: 'Or enter this code:',
  de: 'Oder geben Sie diesen Code ein:',
  fr: 'Ou saisissez ce code :',
  es: 'O escribe este código:',
  ja: 'または、次のコードを入力してください：',
  ar: 'أو أدخل هذا الرمز:',
};

/** For a mail the reader may not have asked for. */
export const ignoreIfNotAsked: Phrase = {
  en: "If you didn't ask for this, you can ignore this email.",
  de: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  fr: 'Si vous n’avez rien demandé, ignorez simplement cet e-mail.',
  es: 'Si no lo has solicitado, puedes ignorar este correo.',
  ja: 'お心当たりがない場合は、このメールを破棄してください。',
  ar: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة.',
};

/** The button of a notice that sends the reader to the account page. */
export const goToAccount: Phrase = {
  en: 'Go to your account',
  de: 'Zu Ihrem Konto',
  fr: 'Accéder à votre compte',
  es: 'Ir a tu cuenta',
  ja: 'アカウントを確認する',
  ar: 'الانتقال إلى حسابك',
};

/** A notice's detail line: the address of the account that changed. */
export const accountLabel: Phrase = {
  en: 'Account:',
  de: 'Konto:',
  fr: 'Compte :',
  es: 'Cuenta:',
  ja: 'アカウント：',
  ar: 'الحساب:',
};

/** Why a security notice came. */
export const securityFooter: Phrase = {
  en: 'You received this email because the security settings of the Polyglot account with this address changed.',
  de: 'Sie erhalten diese E-Mail, weil sich die Sicherheitseinstellungen des Polyglot-Kontos mit dieser Adresse geändert haben.',
  fr: 'Vous recevez cet e-mail parce que les paramètres de sécurité du compte Polyglot associé à cette adresse ont changé.',
  es: 'Recibes este correo porque han cambiado los ajustes de seguridad de la cuenta de Polyglot asociada a esta dirección.',
  ja: 'このメールは、このメールアドレスの Polyglot アカウントでセキュリティ設定が変更されたためにお送りしています。',
  ar: 'تصلك هذه الرسالة لأن إعدادات الأمان تغيّرت في حساب Polyglot المرتبط بهذا العنوان.',
};

/** A way to sign in was added: someone else may now be able to. */
export const notYouCanSignIn: Phrase = {
  en: "If this wasn't you, someone else may be able to sign in to your account: change your password right away and check your account.",
  de: 'Falls Sie das nicht waren, kann sich womöglich jemand anderes bei Ihrem Konto anmelden: Ändern Sie sofort Ihr Passwort und prüfen Sie Ihr Konto.',
  fr: 'Si ce n’est pas vous, quelqu’un d’autre pourrait se connecter à votre compte : changez tout de suite votre mot de passe et vérifiez votre compte.',
  es: 'Si no has sido tú, puede que otra persona pueda iniciar sesión en tu cuenta: cambia tu contraseña ahora mismo y revisa tu cuenta.',
  ja: 'お心当たりがない場合は、第三者がアカウントにログインできる状態になっている可能性があります。すぐにパスワードを変更し、アカウントを確認してください。',
  ar: 'إذا لم تكن أنت من قام بذلك، فقد يتمكن شخص آخر من تسجيل الدخول إلى حسابك: غيِّر كلمة المرور فورًا وراجع حسابك.',
};

/** Something was removed or changed. */
export const notYouChangePassword: Phrase = {
  en: "If this wasn't you, change your password right away and check your account.",
  de: 'Falls Sie das nicht waren, ändern Sie sofort Ihr Passwort und prüfen Sie Ihr Konto.',
  fr: 'Si ce n’est pas vous, changez tout de suite votre mot de passe et vérifiez votre compte.',
  es: 'Si no has sido tú, cambia tu contraseña ahora mismo y revisa tu cuenta.',
  ja: 'お心当たりがない場合は、すぐにパスワードを変更し、アカウントを確認してください。',
  ar: 'إذا لم تكن أنت من قام بذلك، فغيِّر كلمة المرور فورًا وراجع حسابك.',
};

/** A button to the password reset. */
export const resetPassword: Phrase = {
  en: 'Reset password',
  de: 'Passwort zurücksetzen',
  fr: 'Réinitialiser le mot de passe',
  es: 'Restablecer contraseña',
  ja: 'パスワードを再設定する',
  ar: 'إعادة تعيين كلمة المرور',
};

/** The identity notices' detail line: the sign-in method, named by `providerName`. */
export const providerLabel: Phrase = {
  en: 'Sign-in method:',
  de: 'Anmeldemethode:',
  fr: 'Mode de connexion :',
  es: 'Método de inicio de sesión:',
  ja: 'ログイン方法：',
  ar: 'طريقة تسجيل الدخول:',
};

export const emailProvider: Phrase = {
  en: 'Email address',
  de: 'E-Mail-Adresse',
  fr: 'Adresse e-mail',
  es: 'Correo electrónico',
  ja: 'メールアドレス',
  ar: 'البريد الإلكتروني',
};

export const phoneProvider: Phrase = {
  en: 'Phone number',
  de: 'Telefonnummer',
  fr: 'Numéro de téléphone',
  es: 'Número de teléfono',
  ja: '電話番号',
  ar: 'رقم الهاتف',
};

/** The two-factor notices' detail line: the method, named by `factorName`. */
export const methodLabel: Phrase = {
  en: 'Method:',
  de: 'Methode:',
  fr: 'Méthode :',
  es: 'Método:',
  ja: '認証方法：',
  ar: 'الطريقة:',
};

export const totp: Phrase = {
  en: 'Authenticator app',
  de: 'Authenticator-App',
  fr: 'Application d’authentification',
  es: 'Aplicación de autenticación',
  ja: '認証アプリ',
  ar: 'تطبيق المصادقة',
};

export const webauthn: Phrase = {
  en: 'Security key',
  de: 'Sicherheitsschlüssel',
  fr: 'Clé de sécurité',
  es: 'Llave de seguridad',
  ja: 'セキュリティキー',
  ar: 'مفتاح الأمان',
};

export const phoneFactor: Phrase = {
  en: 'Text message (SMS)',
  de: 'SMS',
  fr: 'SMS',
  es: 'SMS',
  ja: 'SMS',
  ar: 'رسالة نصية (SMS)',
};

/** Sets `$provider`, the sign-in method in words (a mail's `setup`). */
export const providerName = `{{- /* GoTrue passes the provider's name as stored (identities.provider). */ -}}
{{- $provider := .Provider }}{{ if eq .Provider "github" }}{{ $provider = "GitHub" }}{{ else if eq .Provider "google" }}{{ $provider = "Google" }}{{ else if eq .Provider "apple" }}{{ $provider = "Apple" }}{{ else if eq .Provider "email" }}{{ $provider = $emailProvider }}{{ else if eq .Provider "phone" }}{{ $provider = $phoneProvider }}{{ end -}}`;

/** Sets `$method`, the two-factor method in words (a mail's `setup`). */
export const factorName = `{{- /* GoTrue passes the factor's type: totp, webauthn or phone. */ -}}
{{- $method := .FactorType }}{{ if eq .FactorType "totp" }}{{ $method = $totp }}{{ else if eq .FactorType "webauthn" }}{{ $method = $webauthn }}{{ else if eq .FactorType "phone" }}{{ $method = $phoneFactor }}{{ end -}}`;
