import type { AuthConfig } from './config/config.ts';
import type { SigningKey } from './crypto/keys.ts';
import type { RateLimiter } from './auth/rules/rate-limits.ts';
import type { RedirectPattern } from './auth/rules/redirects.ts';
import type { RequestStats } from './http/request-stats.ts';
import type { Mailer } from './mail/mailer.ts';
import type { IdpCodes } from './auth/api/local-idp.ts';
import type { Database } from './db/database.ts';
import type { RestState } from './rest/handler.ts';
import type { StorageState } from './storage/handler.ts';
import type { ErrorLog } from './errors.ts';

/** The state every route handler shares, built once per server by startLocalSupabase. */
export interface App {
  config: AuthConfig;
  db: Database;
  key: SigningKey;
  mailer: Mailer;
  limits: RateLimiter;
  stats: RequestStats;
  /** Codes the local identity provider issued and /callback redeems. */
  idpCodes: IdpCodes;
  /** additional_redirect_urls compiled as GoTrue globs. */
  redirectPatterns: RedirectPattern[];
  /** `http://<host>:<port>/auth/v1`: JWT issuer and base of emailed links (GoTrue's API_EXTERNAL_URL). */
  externalUrl: string;
  /** GoTrue's GOTRUE_RATE_LIMIT_HEADER: the client IP for per-IP limits (else the socket address). */
  rateLimitHeader: string | undefined;
  /** GoTrue's GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED: the app's server passes the visitor's IP in Sb-Forwarded-For. */
  trustSbForwardedFor: boolean;
  /** The Data API (/rest/v1): the database, keys, `[api]` settings and the schema cache. */
  rest: RestState;
  /** The Storage API (/storage/v1): the database, keys, the object files and the global upload limit. */
  storage: StorageState;
  /** Where failures are reported (auth hooks that fail or time out, as GoTrue's "Hook errored out"). */
  log: ErrorLog;
}
