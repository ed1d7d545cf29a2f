// Ports of the benchmark's own servers, apart from the dev server (3000), e2e (3100, 55421) and the CLI (54321).
export const PORTS = {
  product: 3700,
  floor: 3701,
  intlFloor: 3702,
  auth: 58421,
  mail: 58424,
  /** Throwaway auth servers spawned to time start-up. */
  startupAuth: 58431,
  startupMail: 58434,
  /** The Storage section's server, with a data folder. */
  storageAuth: 58441,
  storageMail: 58444,
  chromiumDebugging: 9731,
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
