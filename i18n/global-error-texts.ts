import type { Locale } from 'next-intl';
import { defaultLocale, locales, textDirection } from './locales.ts';

// app/global-error.tsx replaces the root layout when it fails, so no next-intl provider exists there, and
// bundling every messages file into it would weigh on every page's first load (the boundary ships with each).
// next.config.mjs derives its few words from the messages at build time with this function instead.

export interface GlobalErrorText {
  title: string;
  retry: string;
  dir: 'ltr' | 'rtl';
}

interface ErrorMessages {
  Error: { title: string; retry: string };
}

interface GlobalErrorTexts {
  defaultLocale: Locale;
  texts: Record<Locale, GlobalErrorText>;
}

/** The global-error page's words in every language, from each messages file's `Error` namespace. */
export function globalErrorTexts(messagesOf: (locale: Locale) => ErrorMessages): GlobalErrorTexts {
  const texts = {} as Record<Locale, GlobalErrorText>;
  for (const locale of locales) {
    const { title, retry } = messagesOf(locale).Error;
    texts[locale] = { title, retry, dir: textDirection(locale) };
  }
  return { defaultLocale, texts };
}
