'use client';

import type { GlobalErrorText } from '@/i18n/global-error-texts';

// Replaces the root layout when it fails, so no next-intl provider exists here: the messages' `Error.title` and
// `Error.retry` in every language, put in at build time by next.config.mjs (i18n/global-error-texts.ts). This
// boundary ships with every page, so it imports nothing it does not need.
const { defaultLocale, texts }: { defaultLocale: string; texts: Partial<Record<string, GlobalErrorText>> } =
  JSON.parse(process.env.POLYGLOT_GLOBAL_ERROR_TEXTS ?? '{}');

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const segment = typeof window === 'undefined' ? '' : window.location.pathname.split('/')[1];
  const locale = segment && Object.hasOwn(texts, segment) ? segment : defaultLocale;
  const text = texts[locale]!;
  return (
    <html lang={locale} dir={text.dir}>
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          display: 'grid',
          placeItems: 'center',
          minHeight: '100vh',
          margin: 0,
        }}
      >
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
