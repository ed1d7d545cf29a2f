import { refreshedSession } from '../auth/fresh-session.ts';
import { readStats, resetStats } from './request-counter.ts';

export interface RequestsPerView {
  path: string;
  /** Which signed-in visitor, when not the plain password user (e.g. 'two-factor, aal2'). */
  user?: string;
  views: number;
  authRequests: number;
  perView: number;
  /** The counters' own breakdown (e.g. requests per route), for finding out which calls a view makes. */
  breakdown: unknown;
}

async function view(url: string, cookieHeader: string): Promise<void> {
  const response = await fetch(url, { headers: { Cookie: cookieHeader }, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status} to a signed-in view`);
  if (refreshedSession(response.headers.getSetCookie()))
    throw new Error(`${url} refreshed the session: the count would include the refresh`);
}

/**
 * Auth-server requests caused by signed-in page views: reset the counters, view the page N times, read them.
 * The counter requests themselves are measured once with zero views and subtracted.
 */
export async function measureRequestsPerView(options: {
  authUrl: string;
  secretKey: string;
  pageUrl: string;
  path: string;
  cookieHeader: string;
  views: number;
}): Promise<RequestsPerView> {
  const { authUrl, secretKey, pageUrl, cookieHeader, views } = options;
  for (let i = 0; i < 3; i++) await view(pageUrl, cookieHeader); // JWKS and other per-process caches, once.
  await resetStats(authUrl, secretKey);
  const baseline = (await readStats(authUrl, secretKey)).total;
  await resetStats(authUrl, secretKey);
  for (let i = 0; i < views; i++) await view(pageUrl, cookieHeader);
  const after = await readStats(authUrl, secretKey);
  const authRequests = after.total - baseline;
  return { path: options.path, views, authRequests, perView: authRequests / views, breakdown: after.raw };
}
