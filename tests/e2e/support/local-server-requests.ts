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
