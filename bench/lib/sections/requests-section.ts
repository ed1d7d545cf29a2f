import type { FreshSession } from '../auth/fresh-session.ts';
import { measureRequestsPerView, type RequestsPerView } from '../auth-server/requests-per-view.ts';
import { checkAvailable } from '../load/targets.ts';
import type { BenchOptions } from '../options.ts';
import { productUrl, secretKey } from '../ports.ts';

/** A signed-in visitor to measure: the label the report shows (none for the plain user) and their session. */
export interface Visitor {
  label?: string;
  session: FreshSession;
}

/**
 * Local-server requests (Auth and Data API) per signed-in page view of /en, /en/account, /en/notes and `more` (a
 * team's notes), for each visitor (e.g. a two-factor user at aal2).
 */
export async function requestsSection(
  options: BenchOptions,
  authUrl: string,
  visitors: Visitor[],
  log: (line: string) => void,
  more: string[] = [],
): Promise<RequestsPerView[]> {
  const results: RequestsPerView[] = [];
  for (const { label, session } of visitors)
    for (const path of ['/en', '/en/account', '/en/notes', ...more]) {
      const pageUrl = `${productUrl}${path}`;
      // Fresh for the whole count: a view that refreshed the session would count the refresh too.
      const { cookieHeader } = await session.current(120_000);
      const check = await checkAvailable({
        id: path,
        label: path,
        url: pageUrl,
        headers: { Cookie: cookieHeader },
      });
      if (check.unavailable) {
        log(`${path}: skipped for the auth-request count (${check.unavailable})`);
        continue;
      }
      const result = {
        ...(await measureRequestsPerView({
          authUrl,
          secretKey,
          pageUrl,
          path,
          cookieHeader,
          views: options.pageViews,
        })),
        user: label,
      };
      log(
        `${path}${label ? ` (${label})` : ''}: ${result.authRequests} auth-server requests in ${result.views} signed-in views`,
      );
      results.push(result);
    }
  return results;
}
