// Ports of the benchmark's own servers, apart from the dev server (3000), e2e (3100, 55421) and the CLI (54321).
// BENCH_PORT_OFFSET shifts them all, so two benchmarks (two worktrees) can run side by side on one machine.
const offset = portOffset(process.env.BENCH_PORT_OFFSET);

/**
 * BENCH_PORT_OFFSET: 0 to 1000 in steps of 100, so the ports stay below 65536 and one benchmark's ports (10 apart)
 * never meet another's.
 */
export function portOffset(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0 || offset > 1000 || offset % 100 !== 0)
    throw new Error(`BENCH_PORT_OFFSET must be 0, 100, 200, … or 1000, not ${JSON.stringify(value)}`);
  return offset;
}

export const PORTS = {
  product: 3700 + offset,
  floor: 3701 + offset,
  intlFloor: 3702 + offset,
  auth: 58421 + offset,
  mail: 58424 + offset,
  /** Throwaway auth servers spawned to time start-up. */
  startupAuth: 58431 + offset,
  startupMail: 58434 + offset,
  /** The Storage section's server, with a data folder. */
  storageAuth: 58441 + offset,
  storageMail: 58444 + offset,
  /** The two local servers `compare-storage.ts` measures side by side (their mailboxes take any free port). */
  compareStorageBefore: 58451 + offset,
  compareStorageAfter: 58452 + offset,
  chromiumDebugging: 9731 + offset,
} as const;

export const authUrl = `http://127.0.0.1:${PORTS.auth}`;
export const productUrl = `http://127.0.0.1:${PORTS.product}`;
export const floorUrl = `http://127.0.0.1:${PORTS.floor}`;
export const intlFloorUrl = `http://127.0.0.1:${PORTS.intlFloor}`;

/** The local auth server's well-known keys (the Supabase CLI's). */
export {
  localPublishableKey as publishableKey,
  localSecretKey as secretKey,
} from '../../lib/env/local-supabase.ts';
