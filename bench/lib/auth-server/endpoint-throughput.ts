import type { Client } from 'autocannon';
import type { LoadGenerator } from '../load/generator.ts';
import { type LoadResult, measureWithAutocannon } from '../load/measure.ts';

export interface EndpointLoad {
  durationSec: number;
  connections: number;
}

/** GET /auth/v1/user with a valid bearer token: what a server-side getUser() costs the auth server. */
export function measureUserEndpoint(
  generator: LoadGenerator,
  authUrl: string,
  publishableKey: string,
  accessToken: string,
  load: EndpointLoad,
): Promise<LoadResult> {
  return generator.run({
    url: `${authUrl}/auth/v1/user`,
    headers: { apikey: publishableKey, Authorization: `Bearer ${accessToken}` },
    durationSec: load.durationSec,
  });
}

/**
 * The Data API's cheapest read: one note by primary key, as supabase-js sends `from('notes').select().eq('id', …)`,
 * as its signed-in owner (row-level security decides; the notes table grants anon nothing).
 */
export function measureRestPrimaryKeySelect(
  generator: LoadGenerator,
  url: string,
  publishableKey: string,
  noteId: string,
  accessToken: string,
  load: EndpointLoad,
): Promise<LoadResult> {
  return generator.run({
    url: `${url}/rest/v1/notes?select=*&id=eq.${noteId}`,
    headers: { apikey: publishableKey, Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
    durationSec: load.durationSec,
  });
}

/**
 * POST /auth/v1/token?grant_type=refresh_token as real clients do it: refresh tokens rotate, so each connection
 * owns one session and always sends the token the previous response returned (a sequential chain per
 * connection, each step a genuine rotation, never a replay inside the reuse interval). autocannon, whatever the
 * page generator: each connection needs its own state, and the auth server, not the generator, is the limit here.
 */
export function measureRefreshChains(
  authUrl: string,
  publishableKey: string,
  refreshTokens: string[],
  load: EndpointLoad,
): Promise<LoadResult> {
  const pool = [...refreshTokens];
  if (pool.length < load.connections)
    throw new Error(`Need ${load.connections} sessions for refresh chains, have ${pool.length}`);
  return measureWithAutocannon({
    url: `${authUrl}/auth/v1/token?grant_type=refresh_token`,
    connections: load.connections,
    duration: load.durationSec,
    setupClient(client: Client) {
      let token = pool.shift()!;
      client.setRequests([
        {
          method: 'POST',
          headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ refresh_token: token }) }),
          onResponse(status, body) {
            if (status !== 200) return;
            const next = (JSON.parse(body) as { refresh_token?: unknown }).refresh_token;
            if (typeof next === 'string') token = next;
          },
        },
      ]);
    },
  });
}
