import type { AuthConfig } from './config.ts';
import type { Database } from './db.ts';
import type { SigningKey } from './keys.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limits.ts';

/** Shared state handed to every route handler. */
export interface App {
  config: AuthConfig;
  db: Database;
  key: SigningKey;
  mailer: Mailer;
  limits: RateLimiter;
  /** additional_redirect_urls compiled as GoTrue globs. */
  redirectPatterns: RegExp[];
  /** `http://<host>:<port>/auth/v1`: JWT issuer and base of emailed links (GoTrue's API_EXTERNAL_URL). */
  externalUrl: string;
  /** GoTrue's GOTRUE_RATE_LIMIT_HEADER: per-IP limits apply only when set (the CLI leaves it unset). */
  rateLimitHeader: string | undefined;
}

/** GoTrue's EXTERNAL_FLOW_STATE_EXPIRY_DURATION default. */
export const FLOW_STATE_EXPIRY_MS = 300_000;
