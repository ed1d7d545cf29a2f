import { type NextRequest, NextResponse } from 'next/server';
import type { AppLocale } from '@/lib/i18n/locales';
import { hasAuthCookie, readSessionUserId } from '@/lib/supabase/middleware-client';
import { accessRedirect, isPrivatePath } from './access-rules';

const privateCacheControl = 'private, no-store';

/**
 * The middleware's auth step for a locale-prefixed request: session refresh, access rules, private caching.
 * Anonymous requests (no auth cookie) create no Supabase client at all.
 */
export async function applySession(request: NextRequest, response: NextResponse, locale: AppLocale): Promise<NextResponse> {
  const path = request.nextUrl.pathname.slice(locale.length + 1) || '/';
  const userId = hasAuthCookie(request) ? await readSessionUserId(request, response) : null;

  const target = accessRedirect({ locale, path, search: request.nextUrl.searchParams, signedIn: userId !== null });
  if (target) {
    const redirect = NextResponse.redirect(new URL(target, request.url), 307);
    // Carry refreshed or cleared cookies and Supabase's cache headers onto the redirect.
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && !key.startsWith('x-middleware-')) redirect.headers.set(key, value);
    });
    redirect.headers.set('Cache-Control', privateCacheControl);
    return redirect;
  }
  if (isPrivatePath(path)) response.headers.set('Cache-Control', privateCacheControl);
  return response;
}
