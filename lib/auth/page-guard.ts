import type { Locale } from 'next-intl';
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
): Promise<SessionClaims | typeof sessionUnconfirmed> {
  const session = await confirmedSession(getPathname({ href: path, locale }));
  // The auth server cannot be reached and the token cannot be checked either: the page says so in place, since
  // the middleware (which held the token valid) would send sign-in straight back here.
  if (session === sessionUnconfirmed) return session;
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
