import type { NextRequest } from 'next/server';
import { defaultLocale, isLocale } from '@/i18n/locales';
import { passkeySignInOptions } from '@/lib/auth/passkey-options';

/**
 * The sign-in page's passkey challenge. A route handler, not a server action: the page asks for one as it loads
 * (for the email field's suggestions), and Next runs a page's actions one at a time, so with the auth server slow,
 * a password submitted meanwhile would wait for this call's budget before its own. A GET: it changes nothing for
 * the visitor (each call is a new challenge nobody else can see), and is never stored.
 */
export async function GET(_request: NextRequest, { params }: RouteContext<'/[locale]/auth/passkey-options'>) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return Response.json(await passkeySignInOptions(locale), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
}
