import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { ConsentedAnalytics } from '@/components/analytics/consented-analytics';
import { ConsentBanner } from '@/components/consent/consent-banner';
import { ConsentDialogLoader } from '@/components/consent/consent-dialog-loader';
import { CookieHintsScript } from '@/components/layout/cookie-hints-script';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { DirectionProvider } from '@/components/i18n/direction-provider';
import { LocaleStorageSync } from '@/components/i18n/locale-storage-sync';
import { NavigationProgress } from '@/components/navigation/navigation-progress';
import { OfflineNote } from '@/components/pwa/offline-note';
import { UpdateNotice } from '@/components/pwa/update-notice';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { ThemeScript } from '@/components/theme/theme-script';
import { getPathname } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import { shellEndId } from '@/lib/layout/shell-end-id';
import { env } from '@/lib/env/env';
import { type Namespace, pickMessages } from '@/i18n/messages';
import { textDirection } from '@/i18n/locales';
import { inter } from '@/lib/fonts';
import { siteUrl } from '@/lib/seo/site-url';
import '../globals.css';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

// A first segment that is none of the languages (`/missing.png`) matches no route: Next answers with the global
// not-found page, whole, instead of rendering this layout only to throw notFound() into an empty error shell.
export const dynamicParams = false;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Metadata');
  return {
    metadataBase: siteUrl,
    title: { default: t('siteName'), template: t('titleTemplate') },
    applicationName: t('siteName'),
    // Each language installs with its own name and start page (app/[locale]/manifest.webmanifest).
    manifest: getPathname({ href: '/manifest.webmanifest', locale: await getLocale() }),
    icons: { apple: '/icons/apple-touch-icon.png' },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#0a0a0a' },
  ],
};

// Client components only get the namespaces they render.
const clientNamespaces = ['Error', 'Install', 'Update', 'Consent', 'UserMenu'] as const satisfies Namespace[];

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  const messages = pickMessages(await getMessages(), clientNamespaces);
  const dir = textDirection(locale);
  const t = await getTranslations('Header');
  const tOffline = await getTranslations('Offline');

  return (
    <html
      lang={locale}
      dir={dir}
      className={inter.variable}
      data-next-dev={env.nodeEnv === 'development' ? '' : undefined}
      suppressHydrationWarning
    >
      <head>
        {/* No frame until the whole shell is parsed: a first paint of half a header would shift as the rest arrives. */}
        <link rel="expect" href={`#${shellEndId}`} blocking="render" />
      </head>
      <body className="flex min-h-dvh flex-col bg-background font-sans text-foreground antialiased next-dev:pb-18">
        <CookieHintsScript />
        <ThemeScript />
        <NextIntlClientProvider messages={messages}>
          <ThemeProvider>
            <DirectionProvider dir={dir}>
              <NavigationProgress label={t('pageLoading')} />
              <SkipLink />
              <SiteHeader />
              <OfflineNote label={tOffline('staleCopy')} />
              <main id="main" tabIndex={-1} className="flex-1 outline-none">
                {children}
              </main>
              <SiteFooter />
              <LocaleStorageSync />
              {/* The service worker exists in production builds only (dev would serve stale code). */}
              {env.nodeEnv === 'production' && <UpdateNotice />}
              <ConsentBanner />
              <div id={shellEndId} hidden />
              <ConsentDialogLoader />
              <ConsentedAnalytics />
            </DirectionProvider>
          </ThemeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
