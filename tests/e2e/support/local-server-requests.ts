import { secretKey, supabaseUrl } from './test-env';

/**
 * Requests the local Supabase server (Auth, Data API, Storage) counted while `view` ran: the least of a few tries,
 * since parallel specs only add to it.
 */
export async function localServerRequestsDuring(view: () => Promise<void>): Promise<number> {
  const total = async () => {
    const response = await fetch(`${supabaseUrl}/__local/stats`, {
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
    });
    return ((await response.json()) as { total: number }).total;
  };
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 5 && least > 0; attempt++) {
    const before = await total();
    await view();
    least = Math.min(least, (await total()) - before);
  }
  return least;
}

/**
 * The same, per route of the local server (`GET /user`, `GET /rest/v1`, `POST /rest/v1`…): the counts of the try
 * with the fewest requests in all.
 */
export async function localServerRoutesDuring(view: () => Promise<void>): Promise<Record<string, number>> {
  const stats = async () => {
    const response = await fetch(`${supabaseUrl}/__local/stats`, {
      headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
    });
    return (await response.json()) as { total: number; routes: Record<string, number> };
  };
  let least: { total: number; routes: Record<string, number> } | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await stats();
    await view();
    const after = await stats();
    const routes: Record<string, number> = {};
    for (const [route, count] of Object.entries(after.routes)) {
      const added = count - (before.routes[route] ?? 0);
      if (added > 0) routes[route] = added;
    }
    const total = after.total - before.total;
    if (!least || total < least.total) least = { total, routes };
  }
  return least!.routes;
}
