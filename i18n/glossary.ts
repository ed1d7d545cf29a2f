import type { Locale } from 'next-intl';

// One word per concept and one register per language, as native reviewers settled them
// (docs/decisions/0007-one-term-per-concept.md). The messages files, the emails' words (`Email`) included, follow
// it and tests/unit/glossary.test.ts holds them to it; a translator adding or changing a message reads this first.
// Patterns run on each message's text, with {arguments} replaced and every plural/select branch spelled out.

/** A whole word or phrase, bounded by anything that is not a letter or digit (JavaScript's \b knows only ASCII). */
function word(phrase: string, flags = 'iu'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrase})(?![\\p{L}\\p{N}])`, flags);
}

export interface Term {
  /** What the concept is, in English. */
  concept: string;
  /** The word or words to use. */
  use: string;
  /** Variants that must not appear. */
  avoid: RegExp[];
}

export interface Rule {
  rule: string;
  avoid: RegExp;
}

export interface ActionForm {
  /** The form of every action label, and of task titles unless `titles` gives theirs. */
  rule: string;
  /** Whether a label's first word has that form. */
  firstWord: (word: string) => boolean;
  /** Task titles' form, where it differs from action labels'. */
  titles?: { rule: string; firstWord: (word: string) => boolean };
}

export interface LanguageGlossary {
  /** How the reader is addressed. */
  register: string;
  terms: Term[];
  typography: Rule[];
  actions?: ActionForm;
  /** Japanese: no space between a number and the words around it (`6桁のコード`, `あと2秒で`). */
  noSpaceAroundNumbers?: true;
  /**
   * Japanese: a space between Latin words, or a value in `<bdi>` (a name, an address), and the Japanese around them
   * (`JavaScript が`, `USB または NFC`, `{name} を追加しました`).
   */
  spaceAroundLatin?: true;
  /** Single messages whose wording a native reviewer settled, and the wording they replaced. */
  settled?: { key: string; avoid: RegExp; why: string }[];
}

/**
 * Action labels: buttons, links and menu items that do something. They share one grammatical form per language
 * (`actions` below), and one English wording gets one translation.
 */
export const actionKeys = [
  'Header.skipToContent',
  'Home.primaryCta',
  'Home.secondaryCta',
  'NotFound.backHome',
  'Error.retry',
  'Error.backHome',
  'Offline.retry',
  'Update.reload',
  'Install.button',
  'Install.close',
  'Consent.accept',
  'Consent.reject',
  'Consent.choose',
  'Consent.save',
  'Consent.close',
  'AuthForm.continueWith',
  'SignUp.submit',
  'SignUp.signIn',
  'CheckEmail.resend',
  'CheckEmail.startOver',
  'SignIn.submit',
  'SignIn.emailLink',
  'SignIn.signUp',
  'EmailLink.submit',
  'EmailLink.verify',
  'EmailLink.otherEmail',
  'EmailLink.passwordInstead',
  'EmailCode.signupSubmit',
  'EmailCode.recoverySubmit',
  'EmailCode.emailChangeSubmit',
  'TwoFactor.verifySubmit',
  'TwoFactor.signOut',
  'TwoFactor.enrollStart',
  'TwoFactor.copySecret',
  'TwoFactor.confirmSubmit',
  'TwoFactor.cancel',
  'TwoFactor.removeSummary',
  'TwoFactor.removeSubmit',
  'ForgotPassword.submit',
  'ForgotPassword.backToSignIn',
  'ResetPassword.submit',
  'ResetPassword.requestNew',
  'AuthLinkError.signIn',
  'AuthLinkError.emailLink',
  'AuthLinkError.forgotPassword',
  'AuthLinkError.home',
  'ContinueLink.button',
  'Account.saveProfile',
  'Account.changeEmail',
  'Account.changePassword',
  'Account.signOutEverywhere',
  'Account.signOut',
  'Account.deleteSubmit',
  'Passkeys.add',
  'Passkeys.rename',
  'Passkeys.renameItem',
  'Passkeys.save',
  'Passkeys.cancel',
  'Passkeys.delete',
  'Passkeys.deleteItem',
  'Passkeys.deleteConfirm',
  'Passkeys.close',
  'Passkeys.signIn',
  'UserMenu.signOut',
  'UserMenu.signIn',
  'UserMenu.signUp',
  // example:notes start
  'Notes.newNote',
  'Notes.searchSubmit',
  'Notes.showAll',
  'Notes.create',
  'Notes.save',
  'Notes.deleteSummary',
  'Notes.deleteSubmit',
  'Notes.keepMine',
  'Notes.takeOther',
  'Notes.copyOther',
  // example:notes end
  'Teams.create',
  'Teams.accept',
  'Teams.decline',
  'Teams.changeRole',
  'Teams.remove',
  'Teams.transfer',
  'Teams.invite',
  'Teams.resend',
  'Teams.revoke',
  'Teams.rename',
  'Teams.leave',
  'Teams.deleteSubmit',
  'Teams.signInToAccept',
  'Teams.signUpToAccept',
  'Teams.switchAccount',
  'Sessions.backToAccount',
  'Sessions.manage',
  'Sessions.endSession',
  'Sessions.endOthers',
  'RecoveryCodes.copy',
  'RecoveryCodes.download',
  'RecoveryCodes.print',
  'RecoveryCodes.generateSummary',
  'RecoveryCodes.generateSubmit',
  'RecoveryCodes.regenerateSummary',
  'RecoveryCodes.regenerateSubmit',
  'RecoveryCodes.deleteSummary',
  'RecoveryCodes.deleteSubmit',
  'RecoveryCodes.useRecoveryCode',
  'RecoveryCodes.useApp',
  'RecoveryCodes.verifySubmit',
  'RecoveryCodes.continue',
  'SecurityKeys.add',
  'SecurityKeys.removeSummary',
  'SecurityKeys.removeSubmit',
  'SecurityKeys.use',
  'SecurityKeys.useNamed',
  'SecurityKeys.useKeyInstead',
] as const;

/** Titles of pages that do one task ("Sign in", "Enter your code"). */
export const taskTitleKeys = [
  'SignUp.title',
  'SignIn.title',
  'EmailLink.title',
  'TwoFactor.verifyTitle',
  'TwoFactor.confirmTitle',
  'ForgotPassword.title',
  'ResetPassword.title',
  'ContinueLink.metaTitle',
  'ContinueLink.title',
] as const;

/** Messages whose "!" or "?" is a character being named, not punctuation (French spacing does not apply). */
export const namedSymbolKeys = ['PasswordPolicy.symbol'] as const;

const spanishInfinitive = (first: string) => /(?:ar|er|ir|ír)(?:se|me|lo|la)?$/iu.test(first);

// Arabic action labels and task titles are verbal nouns (مصدر), as Arabic interfaces write buttons: تسجيل الدخول,
// not the imperative سجّل الدخول. The list is closed on purpose: a new button's verb is added here after review.
const arabicVerbalNouns = new Set([
  'انتقال',
  'إنشاء',
  'تسجيل',
  'عودة',
  'إعادة',
  'تحميل',
  'تثبيت',
  'إغلاق',
  'قبول',
  'رفض',
  'اختيار',
  'حفظ',
  'متابعة',
  'تلقي',
  'إرسال',
  'استخدام',
  'إعداد',
  'نسخ',
  'تفعيل',
  'إلغاء',
  'إزالة',
  'طلب',
  'حصول',
  'تأكيد',
  'تغيير',
  'حذف',
  'إضافة',
  'إدخال',
  'بحث',
  'عرض',
  'إنهاء',
  'تنزيل',
  'طباعة',
  'استبدال',
  'احتفاظ',
  'اعتماد',
  'نقل',
  'مغادرة',
  'تبديل',
]);
const arabicVerbalNoun = (first: string) =>
  arabicVerbalNouns.has(first.replace(/^ال(?=\p{L}{3})/u, '').replace(/[\u064B-\u0652]/gu, ''));

export const glossary: Record<Locale, LanguageGlossary> = {
  en: {
    register: 'you; plain, friendly sentences. "sign in" is the verb, "sign-in" the noun and adjective.',
    terms: [
      { concept: 'sign in', use: 'sign in, sign-in', avoid: [word('log ?in|login|sign on|signin')] },
      { concept: 'sign out', use: 'sign out', avoid: [word('log ?out|logout|sign off')] },
      { concept: 'sign in as a noun', use: 'back to sign-in', avoid: [word('(?:back|go) to sign in')] },
      {
        concept: 'sign up',
        use: 'sign up, create an account',
        avoid: [word('register|registration|signup')],
      },
      { concept: 'passkey', use: 'passkey', avoid: [word('pass[ -]key')] },
      {
        concept: 'two-factor authentication',
        use: 'two-factor authentication',
        avoid: [word('2FA|MFA|two-step|multi-factor|2-factor')],
      },
      { concept: 'code', use: 'code', avoid: [word('OTP|one-time password|PIN')] },
      { concept: 'device', use: 'device', avoid: [] },
      { concept: 'browser', use: 'browser', avoid: [] },
      { concept: 'password manager', use: 'password manager', avoid: [word('password-manager')] },
      { concept: 'email', use: 'email', avoid: [word('e-mail')] },
    ],
    typography: [{ rule: 'no space before an ellipsis', avoid: /\s…/u }],
  },
  de: {
    register: 'Sie, Ihr, Ihnen throughout; never du. Buttons are infinitives ("Konto erstellen").',
    terms: [
      {
        concept: 'register (Sie, never du)',
        use: 'Sie, Ihr, Ihnen',
        avoid: [
          word('du|dich|dir|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure'),
          // du imperatives: after "bitte" ("Bitte kürze ihn"; Sie: "Bitte kürzen Sie ihn"), and the UI's usual verbs ("Versuche" alone is also the noun).
          word('[Bb]itte \\p{Ll}+e', 'u'),
          word('versuche es|melde|wähle|lösche|füge|gib|prüfe|öffne|nutze|verwende|tippe|klicke'),
        ],
      },
      { concept: 'sign in', use: 'anmelden, Anmeldung', avoid: [word('log-?in|einlogg\\p{L}*|eingeloggt')] },
      { concept: 'sign out', use: 'abmelden', avoid: [word('log-?out|auslogg\\p{L}*|ausgeloggt')] },
      { concept: 'sign up', use: 'registrieren, Konto erstellen', avoid: [word('sign-?up')] },
      {
        concept: 'passkey',
        use: 'Passkey',
        avoid: [word('Passschlüssel|Zugangsschlüssel|Passkey-Schlüssel')],
      },
      {
        concept: 'two-factor authentication',
        use: 'Zwei-Faktor-Authentifizierung',
        avoid: [word('2FA|Zwei-Faktor-Authentisierung|Zweifaktor\\p{L}*|Zwei-Schritt\\p{L}*')],
      },
      { concept: 'code', use: 'Code', avoid: [word('Einmalpasswort|Kennziffer')] },
      { concept: 'device', use: 'Gerät', avoid: [word('Endgerät\\p{L}*')] },
      { concept: 'browser', use: 'Browser', avoid: [] },
      { concept: 'password', use: 'Passwort', avoid: [word('Kennwort\\p{L}*')] },
      {
        concept: 'password manager',
        use: 'Passwortmanager (one word, as German compounds are written)',
        avoid: [word('Passwort-Manager|Kennwortmanager')],
      },
      { concept: 'email', use: 'E-Mail', avoid: [word('Email|EMail', 'u'), /(?<![-\p{L}])Mail(?!\p{L})/u] },
      { concept: 'authenticator app', use: 'Authenticator-App', avoid: [word('Authentifizierungs-?App')] },
    ],
    settled: [
      {
        key: 'Sessions.ended',
        avoid: /diesem Gerät/u,
        why: 'it stands above the "Dieses Gerät" card: the ended session is on the device concerned',
      },
    ],
    typography: [
      { rule: 'a space before an ellipsis that ends words ("Seite wird geladen …")', avoid: /\S…/u },
      { rule: 'German quotation marks „…“', avoid: /["“](?=\p{L})/u },
    ],
  },
  fr: {
    register:
      'vous throughout; never tu. Address readers without masculine-only forms (no "connecté" for the reader). ' +
      'Buttons and task titles are infinitives ("Se connecter", "Saisir votre code").',
    terms: [
      {
        concept: 'register (vous, never tu)',
        use: 'vous, votre, vos',
        avoid: [word('tu|toi|ton|ta|tes|te'), word('t’')],
      },
      {
        concept: 'the reader, without a masculine-only form',
        use: 'a neutral wording ("Pas encore de compte ?", "Votre session restera ouverte.")',
        avoid: [
          word('nouveau sur|nouvelle sur'),
          word('(?:avez été|êtes|serez|resterez|rester) (?:dé)?connecté'),
          word('connecté (?:en tant que|sur|depuis)'),
        ],
      },
      {
        concept: 'sign in',
        use: 'se connecter, connexion',
        avoid: [word('login|log-?in|s’identifier|identifiez-vous')],
      },
      { concept: 'sign out', use: 'se déconnecter', avoid: [word('logout|log-?out')] },
      { concept: 'sign up', use: 's’inscrire, créer un compte', avoid: [word('enregistrez-vous|sign-?up')] },
      { concept: 'passkey', use: 'clé d’accès', avoid: [word('passkeys?|clés? de passe')] },
      {
        concept: 'two-factor authentication',
        use: 'authentification à deux facteurs',
        avoid: [word('2FA|double authentification|validation en deux étapes|vérification en deux étapes')],
      },
      { concept: 'code', use: 'code', avoid: [word('OTP')] },
      { concept: 'device', use: 'appareil', avoid: [word('dispositifs?|terminal|terminaux|périphériques?')] },
      { concept: 'browser', use: 'navigateur', avoid: [word('browsers?')] },
      {
        concept: 'password manager',
        use: 'gestionnaire de mots de passe',
        avoid: [word('gestionnaire de mot de passe|password manager')],
      },
      { concept: 'email', use: 'e-mail, adresse e-mail', avoid: [word('emails?|courriels?|mél')] },
      { concept: 'app', use: 'application', avoid: [word('apps?')] },
      {
        concept: 'authenticator app',
        use: 'application d’authentification',
        avoid: [word('authentificateur')],
      },
    ],
    settled: [
      {
        key: 'Sessions.ended',
        avoid: /cet appareil/u,
        why: 'it stands above the "Cet appareil" card: the ended session is on the device concerned',
      },
    ],
    typography: [
      {
        rule: 'a narrow no-break space (U+202F) before ? ! ;',
        avoid: /(?:[^\u202F]|^)[?!;]|\u202F(?![?!;])/u,
      },
      {
        rule: 'a no-break space (U+00A0) before : and », after «',
        avoid: /[^\u00A0]:|«(?!\u00A0)|[^\u00A0]»/u,
      },
      { rule: 'the typographic apostrophe ’', avoid: /'/u },
      { rule: 'no space before an ellipsis', avoid: /\s…/u },
    ],
    actions: {
      rule: 'an infinitive ("Se connecter", "Créer un compte"); "Retour à …" for going back',
      firstWord: (first) => /(?:er|ir|re|oir)$/iu.test(first) || /^(?:se|retour)$/iu.test(first),
    },
  },
  es: {
    register:
      'tú throughout; never usted or vosotros. Action labels (buttons, links, menu items) are infinitives ' +
      '("Iniciar sesión", "Crear una cuenta"); task titles and all other sentences use the tú imperative ' +
      '("Inicia sesión", "Escribe el código").',
    terms: [
      {
        concept: 'register (tú, never usted or vosotros)',
        use: 'tú, tu, te',
        avoid: [word('usted|ustedes|vosotros|vosotras|vuestro|vuestra|vuestros|vuestras')],
      },
      {
        concept: 'sign in',
        use: 'iniciar sesión, inicio de sesión (and "enlace de acceso" for the emailed link)',
        avoid: [word('login|loguea\\p{L}*|ingresa\\p{L}*|acceder|accede')],
      },
      { concept: 'sign out', use: 'cerrar sesión', avoid: [word('desconect\\p{L}*|logout|salir')] },
      {
        concept: 'sign up',
        use: 'registrarse, crear una cuenta',
        avoid: [word('darse de alta|date de alta|inscrib\\p{L}*')],
      },
      { concept: 'passkey', use: 'llave de acceso', avoid: [word('passkeys?|claves? de acceso')] },
      {
        concept: 'two-factor authentication',
        use: 'autenticación en dos pasos',
        avoid: [word('2FA|dos factores|doble factor|verificación en dos pasos')],
      },
      { concept: 'enter a code', use: 'escribir (Escribe el código)', avoid: [word('introduc\\p{L}*')] },
      { concept: 'code', use: 'código', avoid: [word('OTP|PIN')] },
      // "equipo" is the team (Teams), so it cannot also be a device.
      { concept: 'device', use: 'dispositivo', avoid: [word('terminal(?:es)?')] },
      { concept: 'team', use: 'equipo', avoid: [word('grupos? de trabajo|team')] },
      { concept: 'browser', use: 'navegador', avoid: [] },
      {
        concept: 'password manager',
        use: 'gestor de contraseñas',
        avoid: [word('administrador(?:es)? de contraseñas')],
      },
      { concept: 'email', use: 'correo, correo electrónico', avoid: [word('e-?mails?|mails?')] },
      { concept: 'app', use: 'aplicación', avoid: [word('apps?')] },
      {
        concept: 'try again in a moment',
        use: 'Inténtalo de nuevo en unos instantes',
        avoid: [word('de nuevo (?:enseguida|dentro de un rato)')],
      },
    ],
    settled: [
      {
        key: 'Sessions.endSession',
        avoid: /^Cerrar sesión$/u,
        why: '"Cerrar sesión" is the sign-out button; this one ends another device\'s session',
      },
    ],
    typography: [
      { rule: 'no space before an ellipsis', avoid: /\s…/u },
      { rule: 'Spanish quotation marks «…»', avoid: /["“”]/u },
    ],
    actions: {
      rule: 'an infinitive ("Iniciar sesión", "Crear una cuenta")',
      firstWord: spanishInfinitive,
      titles: {
        rule: 'the tú imperative ("Inicia sesión", "Crea tu cuenta")',
        firstWord: (first) => !spanishInfinitive(first),
      },
    },
  },
  ja: {
    register:
      'です・ます throughout; no plain-form sentence endings. Buttons are short noun or verb phrases.',
    terms: [
      {
        concept: 'register (です・ます)',
        use: 'です, ます, ください',
        avoid: [/(?:だ|である|だった|(?<![まで])した|する|しない|できる|ない|いる)。/u],
      },
      { concept: 'sign in', use: 'ログイン', avoid: [/サインイン/u] },
      { concept: 'sign out', use: 'ログアウト', avoid: [/サインアウト/u] },
      { concept: 'sign up', use: '登録, アカウントを作成', avoid: [/サインアップ/u] },
      { concept: 'passkey', use: 'パスキー', avoid: [/パス・キー/u] },
      {
        concept: 'two-factor authentication',
        use: '2段階認証',
        avoid: [/二段階認証|2要素認証|二要素認証|多要素認証|2FA/u],
      },
      { concept: 'code', use: 'コード', avoid: [/ワンタイムパスワード/u] },
      { concept: 'device', use: 'デバイス', avoid: [/端末|機器/u] },
      { concept: 'browser', use: 'ブラウザー', avoid: [/ブラウザ(?!ー)/u] },
      {
        concept: 'password manager',
        use: 'パスワードマネージャー',
        avoid: [/マネージャ(?!ー)|パスワード管理/u],
      },
      { concept: 'email', use: 'メール, メールアドレス', avoid: [/[EeＥｅ]メール|電子メール/u] },
      {
        concept: 'katakana words ending in -er',
        use: 'with the long vowel mark (ユーザー, サーバー, プロバイダー)',
        avoid: [/(?:ユーザ|サーバ|プロバイダ|パラメータ|ヘッダ|リカバリ|セキュリティキ)(?!ー)/u],
      },
    ],
    settled: [
      { key: 'Notes.changedElsewhere', avoid: /相手/u, why: 'the other version is usually the reader’s own' }, // example:notes
      { key: 'Sessions.signedIn', avoid: /^ログイン$/u, why: 'a date and time: ログイン日時' },
      { key: 'Sessions.lastActive', avoid: /アクティビティ/u, why: '最終利用' },
      { key: 'RecoveryCodes.listLabel', avoid: /^あなたの/u, why: 'リカバリーコード一覧' },
      {
        key: 'RecoveryCodes.locked',
        avoid: /続けて入力されました/u,
        why: 'say that input is locked for now',
      },
      {
        key: 'AuthErrors.tooManyAttempts',
        avoid: /試行が多すぎます/u,
        why: 'say that the account is locked for now',
      },
      { key: 'AuthErrors.passkeyTimedOut', avoid: /タイムアウト/u, why: 'plain words for a timeout' },
    ],
    typography: [{ rule: 'no space before an ellipsis', avoid: /\s…/u }],
    noSpaceAroundNumbers: true,
    spaceAroundLatin: true,
  },
  ar: {
    register:
      'the reader as أنت; action labels and task titles are verbal nouns (تسجيل الدخول، إعادة المحاولة), ' +
      'instructions in sentences are imperatives.',
    terms: [
      { concept: 'sign in', use: 'تسجيل الدخول', avoid: [/الولوج|ولوج/u] },
      { concept: 'sign out', use: 'تسجيل الخروج', avoid: [/الخروج من الحساب/u] },
      { concept: 'sign up', use: 'إنشاء حساب، التسجيل', avoid: [/الاشتراك/u] },
      { concept: 'passkey', use: 'مفتاح المرور', avoid: [/مفتاح الدخول|مفاتيح الدخول|passkey/iu] },
      {
        concept: 'two-factor authentication',
        use: 'المصادقة الثنائية',
        avoid: [/التحقق بخطوتين|المصادقة بخطوتين|متعددة العوامل|ثنائية العامل/u],
      },
      { concept: 'code', use: 'الرمز', avoid: [/الكود|كود/u] },
      { concept: 'device', use: 'الجهاز', avoid: [] },
      { concept: 'browser', use: 'المتصفح', avoid: [] },
      { concept: 'password', use: 'كلمة المرور', avoid: [/كلمة السر|كلمات السر/u] },
      { concept: 'password manager', use: 'مدير كلمات المرور', avoid: [/مدير كلمة المرور|مدير كلمات السر/u] },
      { concept: 'email', use: 'البريد الإلكتروني', avoid: [/إيميل|الإيميل/u] },
      {
        concept: 'a done-message',
        use: 'the passive (حُذفت الملاحظة، أُضيف مفتاح المرور), not تم with a verbal noun',
        avoid: [/(?<!\p{L})تم(?:ّ)?(?:ت)?\s+(?:لل?تو\s+)?\p{L}/u],
      },
    ],
    settled: [
      { key: 'Notes.showAll', avoid: /إلغاء البحث/u, why: 'the link shows all notes: عرض كل الملاحظات' }, // example:notes
    ],
    typography: [{ rule: 'Arabic comma and question mark', avoid: /[\p{sc=Arabic}][,?]/u }],
    actions: {
      rule: 'a verbal noun (تسجيل الدخول، إعادة المحاولة), from the list in i18n/glossary.ts',
      firstWord: arabicVerbalNoun,
    },
  },
};
