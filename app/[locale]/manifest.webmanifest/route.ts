import { getTranslations } from 'next-intl/server';
import { isLocale, locales } from '@/i18n/locales';
import { webAppManifest } from '@/lib/pwa/web-app-manifest';

// /<locale>/manifest.webmanifest, prerendered per language (the file extension keeps the middleware away).

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  // Route handlers have no root params: the locale is passed explicitly.
  const t = await getTranslations({ locale, namespace: 'Manifest' });
  const manifest = webAppManifest(locale, {
    name: t('name'),
    shortName: t('shortName'),
    description: t('description'),
    accountShortcut: t('accountShortcut'),
    signInShortcut: t('signInShortcut'),
    wideScreenshot: t('wideScreenshot'),
    narrowScreenshot: t('narrowScreenshot'),
  });
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
}
