'use client';

// Replaces the root layout when it fails, so no next-intl provider exists here: a built-in dictionary.
const dictionary = {
  en: { title: 'Something went wrong', retry: 'Try again', dir: 'ltr' },
  de: { title: 'Etwas ist schiefgelaufen', retry: 'Erneut versuchen', dir: 'ltr' },
  fr: { title: 'Une erreur s’est produite', retry: 'Réessayer', dir: 'ltr' },
  es: { title: 'Algo salió mal', retry: 'Intentar de nuevo', dir: 'ltr' },
  ja: { title: '問題が発生しました', retry: '再試行', dir: 'ltr' },
  ar: { title: 'حدث خطأ ما', retry: 'أعد المحاولة', dir: 'rtl' },
} as const;

type DictionaryLocale = keyof typeof dictionary;

function pathLocale(): DictionaryLocale {
  const segment = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  return segment && segment in dictionary ? (segment as DictionaryLocale) : 'en';
}

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = pathLocale();
  const text = dictionary[locale];
  return (
    <html lang={locale} dir={text.dir}>
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'grid', placeItems: 'center', minHeight: '100vh', margin: 0 }}>
        <main style={{ textAlign: 'center', padding: '1rem' }}>
          <h1>{text.title}</h1>
          <button type="button" onClick={reset} style={{ minHeight: 36, padding: '0 1rem', borderRadius: 6 }}>
            {text.retry}
          </button>
        </main>
      </body>
    </html>
  );
}
