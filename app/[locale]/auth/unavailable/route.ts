import type { NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { defaultLocale, isLocale, textDirection } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { builtAssets } from '@/lib/layout/built-assets';
import { sameSitePath } from '@/lib/routes/safe-redirect';

// Seconds a visitor (or a crawler) is asked to wait: about what an auth server takes to come back from a restart.
const retryAfterSeconds = 5;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);

/**
 * Where a private page goes when the auth server could not confirm its session (lib/guard/page.ts): 503, with the
 * page in the visitor's language drawn here in full (a page cannot set its status), and a link back to the page.
 * It asks nothing of the auth server, so it cannot send the visitor on: no loop, whatever the middleware holds.
 */
export async function GET(request: NextRequest, { params }: RouteContext<'/[locale]/auth/unavailable'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const next = sameSitePath(request.nextUrl.searchParams.get('next')) ?? '/account';
  const t = await getTranslations({ locale });
  const title = t('SessionUnavailable.title');
  const { stylesheets, fonts, fontClass } = builtAssets();
  // The look of the app's other page drawn without its layout (app/global-not-found.tsx), from the same stylesheet.
  const html = `<!doctype html>
<html lang="${locale}" dir="${textDirection(locale)}" class="${escapeHtml(fontClass)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('Metadata.titleTemplate').replace('%s', title))}</title>
${fonts.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin="">`).join('\n')}
${stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
</head>
<body class="grid min-h-dvh place-items-center bg-background font-sans text-foreground antialiased">
<main class="flex max-w-xl flex-col items-center gap-4 p-6 text-center">
<p aria-hidden="true" class="text-6xl font-bold text-primary">503</p>
<h1 class="text-3xl font-semibold">${escapeHtml(title)}</h1>
<p role="status" class="text-muted-foreground">${escapeHtml(t('SignIn.serviceUnavailable'))}</p>
<p><a href="${escapeHtml(getPathname({ href: next, locale }))}" class="underline underline-offset-4">${escapeHtml(t('Error.retry'))}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Retry-After': String(retryAfterSeconds),
    },
  });
}
