// The security notices the app sends itself (lib/mail/notices.ts), not GoTrue: the same layout (layout.ts) and word
// source as the templates beside them, each text in every language.
import type { Phrase } from './mail.ts';
import { accountLabel, goToAccount, securityFooter } from './words.ts';

/** A notice: its subject and the words the layout's notice body prints, and the page its button opens. */
export interface AppNotice {
  /** The page of the site its one button opens, after the locale. */
  path: string;
  words: Record<
    | 'subject'
    | 'preheader'
    | 'heading'
    | 'intro'
    | 'accountLabel'
    | 'timeLabel'
    | 'notYou'
    | 'button'
    | 'footer',
    Phrase
  >;
}

/** The notice's detail line: when it happened (a date and time in UTC, formatted per language). */
const timeLabel: Phrase = {
  en: 'When:',
  de: 'Zeitpunkt:',
  fr: 'Date :',
  es: 'Fecha:',
  ja: '日時：',
  ar: 'الوقت:',
};

/** Someone who has the codes is signed in, or was: what to do about it. */
const notYouCodesChanged: Phrase = {
  en: "If this wasn't you, someone is signed in to your account and can use these codes to get past your second factor: change your password right away, sign out of your other sessions and create new recovery codes on your account page.",
  de: 'Falls Sie das nicht waren, ist jemand bei Ihrem Konto angemeldet und kann mit diesen Codes Ihren zweiten Faktor umgehen: Ändern Sie sofort Ihr Passwort, melden Sie Ihre anderen Sitzungen ab und erstellen Sie auf Ihrer Kontoseite neue Wiederherstellungscodes.',
  fr: 'Si ce n’est pas vous, quelqu’un est connecté à votre compte et peut contourner votre second facteur avec ces codes : changez tout de suite votre mot de passe, déconnectez vos autres sessions et créez de nouveaux codes de récupération depuis la page de votre compte.',
  es: 'Si no has sido tú, alguien ha iniciado sesión en tu cuenta y puede saltarse tu segundo factor con estos códigos: cambia tu contraseña ahora mismo, cierra tus otras sesiones y crea códigos de recuperación nuevos desde la página de tu cuenta.',
  ja: 'お心当たりがない場合は、第三者がアカウントにログインしており、これらのコードで2段階認証を突破できる状態です。すぐにパスワードを変更し、ほかのセッションからログアウトして、アカウントページで新しいリカバリーコードを発行してください。',
  ar: 'إذا لم تكن أنت من قام بذلك، فهناك من سجّل الدخول إلى حسابك ويمكنه تجاوز عاملك الثاني بهذه الرموز: غيّر كلمة المرور فورًا، وسجّل الخروج من جلساتك الأخرى، وأنشئ رموز استرداد جديدة من صفحة حسابك.',
};

/** Someone signed in with one of the account's recovery codes instead of the second factor. */
export const recoveryCodeUsed: AppNotice = {
  path: '/account',
  words: {
    subject: {
      en: 'A recovery code was used to sign in to Polyglot',
      de: 'Anmeldung bei Polyglot mit einem Wiederherstellungscode',
      fr: 'Connexion à Polyglot avec un code de récupération',
      es: 'Inicio de sesión en Polyglot con un código de recuperación',
      ja: 'Polyglot にリカバリーコードでログインがありました',
      ar: 'سُجِّل الدخول إلى Polyglot باستخدام رمز استرداد',
    },
    preheader: {
      en: 'Someone signed in to your Polyglot account with a recovery code.',
      de: 'Jemand hat sich mit einem Wiederherstellungscode bei Ihrem Polyglot-Konto angemeldet.',
      fr: 'Quelqu’un s’est connecté à votre compte Polyglot avec un code de récupération.',
      es: 'Alguien ha iniciado sesión en tu cuenta de Polyglot con un código de recuperación.',
      ja: 'リカバリーコードを使って Polyglot アカウントへのログインがありました。',
      ar: 'سُجِّل الدخول إلى حسابك في Polyglot باستخدام رمز استرداد.',
    },
    heading: {
      en: 'A recovery code was used',
      de: 'Ein Wiederherstellungscode wurde verwendet',
      fr: 'Un code de récupération a été utilisé',
      es: 'Se ha usado un código de recuperación',
      ja: 'リカバリーコードが使用されました',
      ar: 'استُخدم رمز استرداد',
    },
    intro: {
      en: 'Someone just signed in to your Polyglot account with one of your recovery codes. That code cannot be used again. If this was you, there is nothing else to do.',
      de: 'Soeben hat sich jemand mit einem Ihrer Wiederherstellungscodes bei Ihrem Polyglot-Konto angemeldet. Dieser Code lässt sich kein zweites Mal verwenden. Wenn Sie das waren, müssen Sie nichts weiter tun.',
      fr: 'Quelqu’un vient de se connecter à votre compte Polyglot avec l’un de vos codes de récupération. Ce code ne peut plus servir. Si c’est vous, vous n’avez rien d’autre à faire.',
      es: 'Alguien acaba de iniciar sesión en tu cuenta de Polyglot con uno de tus códigos de recuperación. Ese código ya no se puede volver a usar. Si has sido tú, no tienes que hacer nada más.',
      ja: 'リカバリーコードの1つを使って、お客様の Polyglot アカウントにログインがありました。使用されたコードは今後使えません。お客様ご自身によるログインであれば、これ以上の操作は必要ありません。',
      ar: 'سُجِّل الدخول للتو إلى حسابك في Polyglot باستخدام أحد رموز الاسترداد الخاصة بك، ولم يعد هذا الرمز صالحًا للاستخدام مرة أخرى. إذا كنت أنت من قام بذلك، فلا حاجة لفعل أي شيء آخر.',
    },
    accountLabel,
    timeLabel,
    notYou: {
      en: "If this wasn't you, someone knows your password and has your recovery codes: change your password right away, then create new recovery codes and sign out of your other sessions on your account page.",
      de: 'Falls Sie das nicht waren, kennt jemand Ihr Passwort und hat Ihre Wiederherstellungscodes: Ändern Sie sofort Ihr Passwort, erstellen Sie dann auf Ihrer Kontoseite neue Wiederherstellungscodes und melden Sie Ihre anderen Sitzungen ab.',
      fr: 'Si ce n’est pas vous, quelqu’un connaît votre mot de passe et détient vos codes de récupération : changez tout de suite votre mot de passe, puis créez de nouveaux codes de récupération et déconnectez vos autres sessions depuis la page de votre compte.',
      es: 'Si no has sido tú, alguien conoce tu contraseña y tiene tus códigos de recuperación: cambia tu contraseña ahora mismo y, después, crea códigos de recuperación nuevos y cierra tus otras sesiones desde la página de tu cuenta.',
      ja: 'お心当たりがない場合は、第三者がパスワードとリカバリーコードを知っている可能性があります。すぐにパスワードを変更し、アカウントページで新しいリカバリーコードを発行して、ほかのセッションからログアウトしてください。',
      ar: 'إذا لم تكن أنت من قام بذلك، فهناك من يعرف كلمة مرورك ويملك رموز الاسترداد الخاصة بك: غيّر كلمة المرور فورًا، ثم أنشئ رموز استرداد جديدة وسجّل الخروج من جلساتك الأخرى من صفحة حسابك.',
    },
    button: goToAccount,
    footer: securityFooter,
  },
};

/** The account's first set of recovery codes was created. */
export const recoveryCodesCreated: AppNotice = {
  path: '/account',
  words: {
    subject: {
      en: 'New recovery codes for your Polyglot account',
      de: 'Neue Wiederherstellungscodes für Ihr Polyglot-Konto',
      fr: 'Nouveaux codes de récupération pour votre compte Polyglot',
      es: 'Nuevos códigos de recuperación para tu cuenta de Polyglot',
      ja: 'Polyglot アカウントのリカバリーコードが作成されました',
      ar: 'أُنشئت رموز استرداد لحسابك في Polyglot',
    },
    preheader: {
      en: 'Recovery codes were created for your Polyglot account.',
      de: 'Für Ihr Polyglot-Konto wurden Wiederherstellungscodes erstellt.',
      fr: 'Des codes de récupération ont été créés pour votre compte Polyglot.',
      es: 'Se han creado códigos de recuperación para tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントにリカバリーコードが作成されました。',
      ar: 'أُنشئت رموز استرداد لحسابك في Polyglot.',
    },
    heading: {
      en: 'Recovery codes were created',
      de: 'Wiederherstellungscodes wurden erstellt',
      fr: 'Des codes de récupération ont été créés',
      es: 'Se han creado códigos de recuperación',
      ja: 'リカバリーコードが作成されました',
      ar: 'أُنشئت رموز الاسترداد',
    },
    intro: {
      en: "Recovery codes were just created for your Polyglot account. Each one signs you in once when you can't use your second factor. If this was you, keep them somewhere safe; there is nothing else to do.",
      de: 'Für Ihr Polyglot-Konto wurden soeben Wiederherstellungscodes erstellt. Mit jedem können Sie sich einmal anmelden, wenn Ihr zweiter Faktor nicht verfügbar ist. Wenn Sie das waren, bewahren Sie sie sicher auf; weiter ist nichts zu tun.',
      fr: 'Des codes de récupération viennent d’être créés pour votre compte Polyglot. Chacun permet de vous connecter une fois si votre second facteur n’est pas disponible. Si c’est vous, conservez-les en lieu sûr ; vous n’avez rien d’autre à faire.',
      es: 'Se acaban de crear códigos de recuperación para tu cuenta de Polyglot. Cada uno te permite iniciar sesión una vez cuando no puedas usar tu segundo factor. Si has sido tú, guárdalos en un lugar seguro; no tienes que hacer nada más.',
      ja: 'お客様の Polyglot アカウントにリカバリーコードが作成されました。2段階認証を使えないときに、各コードで1回ずつログインできます。お客様ご自身による操作であれば、コードを安全な場所に保管してください。これ以上の操作は必要ありません。',
      ar: 'أُنشئت للتو رموز استرداد لحسابك في Polyglot. يتيح لك كل رمز منها تسجيل الدخول مرة واحدة عندما يتعذّر عليك استخدام عاملك الثاني. إذا كنت أنت من قام بذلك، فاحفظها في مكان آمن، ولا حاجة لفعل أي شيء آخر.',
    },
    accountLabel,
    timeLabel,
    notYou: notYouCodesChanged,
    button: goToAccount,
    footer: securityFooter,
  },
};

/** A new set of recovery codes replaced the old one, which no longer works. */
export const recoveryCodesReplaced: AppNotice = {
  path: '/account',
  words: {
    subject: {
      en: 'Your Polyglot recovery codes were replaced',
      de: 'Ihre Polyglot-Wiederherstellungscodes wurden ersetzt',
      fr: 'Vos codes de récupération Polyglot ont été remplacés',
      es: 'Se han sustituido tus códigos de recuperación de Polyglot',
      ja: 'Polyglot アカウントのリカバリーコードが再発行されました',
      ar: 'استُبدلت رموز الاسترداد لحسابك في Polyglot',
    },
    preheader: {
      en: 'New recovery codes replaced the old ones on your Polyglot account.',
      de: 'Neue Wiederherstellungscodes ersetzen die bisherigen Ihres Polyglot-Kontos.',
      fr: 'De nouveaux codes de récupération remplacent les anciens sur votre compte Polyglot.',
      es: 'Unos códigos de recuperación nuevos sustituyen a los anteriores en tu cuenta de Polyglot.',
      ja: 'Polyglot アカウントのリカバリーコードが新しくなり、以前のコードは使えなくなりました。',
      ar: 'استُبدلت رموز الاسترداد القديمة لحسابك في Polyglot برموز جديدة.',
    },
    heading: {
      en: 'Your recovery codes were replaced',
      de: 'Ihre Wiederherstellungscodes wurden ersetzt',
      fr: 'Vos codes de récupération ont été remplacés',
      es: 'Se han sustituido tus códigos de recuperación',
      ja: 'リカバリーコードが再発行されました',
      ar: 'استُبدلت رموز الاسترداد',
    },
    intro: {
      en: 'New recovery codes were just created for your Polyglot account, and your old codes no longer work. If this was you, keep the new ones somewhere safe; there is nothing else to do.',
      de: 'Für Ihr Polyglot-Konto wurden soeben neue Wiederherstellungscodes erstellt; die bisherigen gelten nicht mehr. Wenn Sie das waren, bewahren Sie die neuen sicher auf; weiter ist nichts zu tun.',
      fr: 'De nouveaux codes de récupération viennent d’être créés pour votre compte Polyglot, et les anciens ne fonctionnent plus. Si c’est vous, conservez les nouveaux en lieu sûr ; vous n’avez rien d’autre à faire.',
      es: 'Se acaban de crear códigos de recuperación nuevos para tu cuenta de Polyglot y los anteriores ya no funcionan. Si has sido tú, guarda los nuevos en un lugar seguro; no tienes que hacer nada más.',
      ja: 'お客様の Polyglot アカウントに新しいリカバリーコードが発行され、以前のコードは使えなくなりました。お客様ご自身による操作であれば、新しいコードを安全な場所に保管してください。これ以上の操作は必要ありません。',
      ar: 'أُنشئت للتو رموز استرداد جديدة لحسابك في Polyglot، ولم تعد الرموز القديمة صالحة. إذا كنت أنت من قام بذلك، فاحفظ الرموز الجديدة في مكان آمن، ولا حاجة لفعل أي شيء آخر.',
    },
    accountLabel,
    timeLabel,
    notYou: notYouCodesChanged,
    button: goToAccount,
    footer: securityFooter,
  },
};
