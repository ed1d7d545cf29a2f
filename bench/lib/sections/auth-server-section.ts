import {
  measureRefreshChains,
  measureRestPrimaryKeySelect,
  measureUserEndpoint,
} from '../auth-server/endpoint-throughput.ts';
import { measureStartup } from '../auth-server/startup-time.ts';
import { signIn } from '../auth/signed-in-session.ts';
import type { TestUser } from '../auth/test-user.ts';
import type { LoadGenerator } from '../load/generator.ts';
import type { BenchOptions } from '../options.ts';
import { PORTS, productUrl, publishableKey } from '../ports.ts';
import type { BenchResults } from '../report/results.ts';

/** The local auth server on its own: start-up time, then refresh and /user throughput against the running one. */
export async function authServerSection(
  options: BenchOptions,
  generator: LoadGenerator,
  authUrl: string,
  user: TestUser,
  /** One of the user's notes (bench-notes.ts); without one the Data API is not measured. */
  noteId: string | undefined,
  log: (line: string) => void,
): Promise<NonNullable<BenchResults['authServer']>> {
  const startup = await measureStartup({
    runs: options.startupRuns,
    port: PORTS.startupAuth,
    mailPort: PORTS.startupMail,
    siteUrl: productUrl,
  });
  log(
    `auth server start-up: ${startup.runsMs.map((v) => Math.round(v)).join(', ')} ms; idle RSS ${startup.idleRssMb?.map((v) => v.toFixed(0)).join(', ') ?? '?'} MB`,
  );

  const load = { durationSec: options.durationSec, connections: options.connections };
  // One session per connection, so each connection rotates its own refresh-token chain.
  const sessions = [];
  for (let i = 0; i < load.connections; i++) sessions.push(await signIn(authUrl, publishableKey, user));
  const refresh = await measureRefreshChains(
    authUrl,
    publishableKey,
    sessions.map((s) => s.refreshToken),
    load,
  );
  log(`refresh chains: ${refresh.rps.toFixed(0)} req/s, ${refresh.failures} failed`);
  const userEndpoint = await measureUserEndpoint(
    generator,
    authUrl,
    publishableKey,
    sessions[0]!.accessToken,
    load,
  );
  log(`GET /user: ${userEndpoint.rps.toFixed(0)} req/s, ${userEndpoint.failures} failed`);
  const restSelect = noteId
    ? await measureRestPrimaryKeySelect(
        generator,
        authUrl,
        publishableKey,
        noteId,
        sessions[0]!.accessToken,
        load,
      )
    : undefined;
  log(
    restSelect
      ? `Data API primary-key select: ${restSelect.rps.toFixed(0)} req/s, ${restSelect.failures} failed`
      : 'Data API primary-key select: skipped, the bench user has no note',
  );
  return {
    startup,
    refresh: {
      ...refresh,
      note: `${load.connections} connections, each a sequential chain of genuine rotations (every request sends the token the previous response returned)`,
    },
    user: { ...userEndpoint, generator: generator.description },
    restSelect,
    settings: load,
  };
}
