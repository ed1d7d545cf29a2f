/**
 * The local auth server's request counters (GET /__local/stats, POST /__local/stats/reset on its API port).
 * The counters' exact shape belongs to the auth server; this reads a total from the common shapes and keeps the
 * raw body for the report.
 */
export interface StatsSnapshot {
  total: number;
  raw: unknown;
}

const adminHeaders = (secretKey: string) => ({ apikey: secretKey, Authorization: `Bearer ${secretKey}` });

export async function resetStats(authUrl: string, secretKey: string): Promise<void> {
  const response = await fetch(`${authUrl}/__local/stats/reset`, {
    method: 'POST',
    headers: adminHeaders(secretKey),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`POST /__local/stats/reset answered ${response.status}`);
}

export async function readStats(authUrl: string, secretKey: string): Promise<StatsSnapshot> {
  const response = await fetch(`${authUrl}/__local/stats`, { headers: adminHeaders(secretKey) });
  if (!response.ok) throw new Error(`GET /__local/stats answered ${response.status}`);
  const raw: unknown = await response.json();
  return { total: totalOf(raw), raw };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sumOfNumbers(value: Record<string, unknown>): number {
  return Object.values(value).reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : 0), 0);
}

/** `{ total }`, `{ requests: n }`, `{ requests: { total } }`, or a map of counters (`{ requests|routes: {…} }`). */
export function totalOf(stats: unknown): number {
  if (!isRecord(stats)) throw new Error(`Unexpected /__local/stats body: ${JSON.stringify(stats)}`);
  if (typeof stats.total === 'number') return stats.total;
  const requests = stats.requests ?? stats.routes ?? stats.counts;
  if (typeof requests === 'number') return requests;
  if (isRecord(requests)) return typeof requests.total === 'number' ? requests.total : sumOfNumbers(requests);
  return sumOfNumbers(stats);
}
