import { type NextRequest, NextResponse } from 'next/server';
import { detectRequestLocale } from '@/i18n/detection';
import { DETECTED_LOCALE_COOKIE, LOCALE_COOKIE } from '@/i18n/locale-cookie';
import { getEdgePathname } from '@/i18n/edge-navigation';
import { isLocale } from '@/i18n/locales';
import { readablePath } from '@/lib/http/readable-path';
import {
  actionRequestRefusal,
  forgottenRefusal,
  refusalResponse,
  refusedFormReturn,
} from '@/lib/http/request-guard';
import { securityHeaders } from '@/lib/http/security-headers';
import { renderedPagePolicy, rendersPerRequest } from '@/lib/security/csp';
import { HANDED_ROW_HEADER } from '@/lib/routes/handed-row';
import { NOT_FOUND_PATH_HEADER } from '@/lib/routes/not-found';
import { applySession } from '@/lib/session/edge';
import { authCookieOptions } from '@/lib/supabase/config';

const production = process.env.NODE_ENV === 'production';
// Something shaped like a language tag that we do not speak (/it, /pt-BR): a 404, not a redirect.
const localeShaped = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;
// What the first matcher leaves alone (API routes, Next internals, Vercel's endpoints, the service worker, files).
// They still come here through the percent-sign entry and, as POSTs with an action header or a form body, through
// the last two entries: none of them is a page, so they get neither the action check nor language detection.
const notOurs = /^\/(?:api|_next|_vercel|serwist)(?:\/|$)|\./;

function secure(response: NextResponse): NextResponse {
  for (const { key, value } of securityHeaders(production)) response.headers.set(key, value);
  return response;
}

/**
 * The request's headers plus the path it asked for (the global not-found page speaks its language), without any
 * handed row the client sent: only the session step hands one (lib/routes/handed-row.ts).
 */
function withPath(request: NextRequest, pathname: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(NOT_FOUND_PATH_HEADER, pathname);
  headers.delete(HANDED_ROW_HEADER);
  return headers;
}

/**
 * A page rendered per request gets a policy with a fresh nonce, on the request (Next reads the nonce from it and
 * puts it on its scripts) and then on the answer; prerendered pages keep the policy in their HTML (lib/security/csp.ts).
 */
async function scriptNonce(pathname: string, forwarded: Headers): Promise<string | null> {
  if (!production || !rendersPerRequest(pathname)) return null;
  const policy = await renderedPagePolicy(production);
  forwarded.set('Content-Security-Policy', policy);
  return policy;
}

/** Server-action POSTs (the last two matcher entries): only pages take them, and Next answers bad ones with a 500. */
const formPost = (request: NextRequest) =>
  request.method === 'POST' &&
  (request.headers.has('next-action') || formContentType.test(request.headers.get('content-type') ?? ''));

export async function middleware(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  const firstSegment = pathname.split('/', 2)[1] ?? '';

  if (formPost(request) && !notOurs.test(pathname)) {
    const refusal = await actionRequestRefusal(request);
    if (refusal) {
      // Answered before the body is read; Next's server reads the rest of it, so the browser, still sending, sees
      // the answer rather than a connection reset.
      const refused =
        refusedFormReturn(refusal, request, authCookieOptions.secure) ?? refusalResponse(refusal, pathname);
      return secure(new NextResponse(refused.body, { status: refused.status, headers: refused.headers }));
    }
  }

  const readable = readablePath(pathname);
  if (readable !== pathname) {
    const target = request.nextUrl.clone();
    target.pathname = readable;
    return secure(NextResponse.redirect(target, 308));
  }

  // Fast path: already prefixed, nothing to detect; only the session step (free without an auth cookie).
  if (isLocale(firstSegment)) {
    const forwarded = withPath(request, pathname);
    const policy = await scriptNonce(pathname, forwarded);
    const response = await applySession(request, forwarded, firstSegment);
    if (policy) response.headers.set('Content-Security-Policy', policy);
    // A too-large post's marker has reached its page (which reads it from this request): shown once.
    const forget = forgottenRefusal(request, authCookieOptions.secure);
    if (forget) response.headers.append('Set-Cookie', forget);
    return response;
  }
  if (notOurs.test(pathname)) return NextResponse.next();

  const { locale, source } = detectRequestLocale({
    query: searchParams.get('lang'),
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });

  if (localeShaped.test(firstSegment)) {
    const rewritten = getEdgePathname({ href: pathname, locale });
    const forwarded = withPath(request, rewritten);
    const policy = await scriptNonce(rewritten, forwarded);
    const response = NextResponse.rewrite(new URL(rewritten, request.url), {
      request: { headers: forwarded },
    });
    if (policy) response.headers.set('Content-Security-Policy', policy);
    return response;
  }

  const target = request.nextUrl.clone();
  target.pathname = getEdgePathname({ href: pathname, locale });
  target.searchParams.delete('lang');
  const response = secure(NextResponse.redirect(target, 307));
  response.headers.set('Vary', 'Accept-Language, Cookie');
  response.headers.set('Cache-Control', 'private, no-cache');
  if (source === 'accept-language' || source === 'default') {
    // Lets the browser consult its stored choice once (see components/i18n/locale-storage-sync.tsx).
    response.cookies.set(DETECTED_LOCALE_COOKIE, source, {
      path: '/',
      maxAge: 60,
      sameSite: 'lax',
      secure: production,
    });
  }
  return response;
}

// Next reads the matcher at build time, so it is written out here rather than computed from i18n/locales.ts and
// lib/routes/route-table.ts; tests/unit/middleware-matcher.test.ts checks it against both with real URLs.
export const config = {
  matcher: [
    // Unprefixed URLs, for language detection; never API routes, Next internals, Vercel's endpoints, the
    // service worker, files, or URLs that already carry a locale.
    '/((?!api/|api$|_next/|_vercel/|serwist/|(?:en|de|fr|es|ja|ar)(?:/|$)|.*\\..*).*)',
    // Every path under a language but the static public pages: the routes whose answer depends on the session or
    // must not be stored (middlewareNeed 'always' in the route table), and paths of no route, whose 404 speaks the
    // URL's language (lib/routes/not-found.ts). Static pages are shared: the middleware skips them (but for the
    // percent-sign check below), and their header learns who is signed in from the session hint cookie.
    '/:locale(en|de|fr|es|ja|ar)/((?!(?:sign-in|sign-in/email-link|sign-up|forgot-password|sign-out|~offline|manifest\\.webmanifest)$).+)',
    // The signed-out pages send a signed-in visitor on (middlewareNeed 'signed-in'): only a request with the
    // session hint cookie (PRESENCE_HINT_COOKIE in lib/session/types.ts) can be one.
    {
      source: '/:locale(en|de|fr|es|ja|ar)/(sign-in|sign-up)',
      has: [{ type: 'cookie', key: 'polyglot-session' }],
    },
    // Any path with a percent sign, to catch the undecodable ones (lib/http/readable-path.ts).
    '/(.*%.*)',
    // Server-action and form POSTs, on static pages too: bad ones get a 4xx instead of Next's 500
    // (lib/http/request-guard.ts). The header conditions keep every GET off this path.
    { source: '/((?!api/|_next/).*)', has: [{ type: 'header', key: 'next-action' }] },
    {
      source: '/((?!api/|_next/).*)',
      has: [
        {
          type: 'header',
          key: 'content-type',
          value: '(?:multipart/form-data|application/x-www-form-urlencoded|text/plain).*',
        },
      ],
    },
  ],
};

/**
 * The form content types, written once in the last matcher entry (a literal Next reads at build time), matched as
 * Next matches `has` values: the whole header value.
 */
export const formContentType = new RegExp(
  `^(?:${config.matcher
    .flatMap((entry) => (typeof entry === 'string' ? [] : entry.has))
    .flatMap((has) => ('value' in has && has.key === 'content-type' ? [has.value] : []))
    .join('|')})$`,
);
