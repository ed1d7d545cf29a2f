import type { Locale } from 'next-intl';
import { getLocale } from 'next-intl/server';
import { getPathname, redirect } from '@/i18n/navigation';
import { findRoute, type GuardedPath } from '@/lib/routes/route-table';
import { confirmedSession, owesEnrollment, sessionClient, sessionUnconfirmed } from '@/lib/session/server';
import type { SessionClaims } from '@/lib/session/types';

/** Where users add a second factor when the project requires one; the one private page open to them before. */
export const enrollmentPath = '/sign-in/enroll';

/**
 * The session of a page whose route-table entry needs one, confirmed with the auth server. The middleware decided from
 * the cookie; the auth server's answer decides here (docs/decisions/0004-private-pages-confirm-the-session.md): a
 * session ended elsewhere goes through session-ended (which clears the cookie) to sign-in, and the entry's access level
 * sends the rest on as the middleware does. `next` is where the visitor is headed: the page itself, or the code step's
 * `?next=`.
 */
export async function guardPage(
  path: GuardedPath,
  locale: Locale,
  next: string = path,
): Promise<SessionClaims> {
  const session = await confirmedSession(getPathname({ href: path, locale }));
  if (session === sessionUnconfirmed) return sessionUnavailable(locale, next);
  if (!session) return redirect({ href: { pathname: '/auth/session-ended', query: { next } }, locale });
  const access = findRoute(path)?.access;
  if (access === 'signed-in' && session.secondFactorPending)
    return redirect({ href: { pathname: '/sign-in/verify', query: { next } }, locale });
  // A project that requires a second factor: every private page waits until the user has one (ASVS 6.3.3).
  if (
    access === 'signed-in' &&
    path !== enrollmentPath &&
    (await owesEnrollment(await sessionClient(), session.factors))
  )
    return redirect({ href: { pathname: enrollmentPath, query: { next } }, locale });
  if (access === 'second-factor' && !session.secondFactorPending) return redirect({ href: next, locale });
  return session;
}

/**
 * The first line of every private page: its language and its session, decided before anything of the page renders
 * (a redirect or the page's 404 goes out as the document's own status).
 */
export async function privatePage(
  path: GuardedPath,
  next?: string,
): Promise<{ locale: Locale; session: SessionClaims }> {
  const locale = await getLocale();
  return { locale, session: await guardPage(path, locale, next) };
}

/**
 * A private page whose session neither the auth server nor the token's signature could confirm in time. Sign-in
 * would send the visitor straight back (the middleware, with its own copy of the signing keys, holds the token
 * valid), and a page cannot set its own status: so the page goes, before any of it renders, to a route that answers
 * 503 with the localized "service unavailable" page and a link back to `next` (app/[locale]/auth/unavailable).
 */
export function sessionUnavailable(locale: Locale, next: string): never {
  return redirect({ href: { pathname: unavailablePath, query: { next } }, locale });
}

/** The route that answers 503 while the auth server cannot be reached (under /auth: open to anyone, never stored). */
export const unavailablePath = '/auth/unavailable';
