import { isIP } from 'node:net';
import type { AuthConfig } from '../../config/config.ts';
import { tooManyRequests } from '../../errors.ts';

/** A token bucket: `rate` events per `windowMs`, refilled continuously, holding at most `capacity`. */
class Bucket {
  private tokens: number;
  private last = Date.now();
  private readonly capacity: number;
  private readonly rate: number;
  private readonly windowMs: number;
  constructor(rate: number, windowMs: number, capacity = rate) {
    this.rate = rate;
    this.capacity = capacity;
    this.windowMs = windowMs;
    this.tokens = capacity;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.rate) / this.windowMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type IpLimit =
  | 'tokenRefresh'
  | 'signInSignUps'
  | 'tokenVerifications'
  | 'anonymousUsers'
  | 'passkey'
  | 'factorChallenge'
  | 'factorVerify';
const FIVE_MINUTES = 5 * 60_000;

/** Each bucket's rate setting and window: anonymous_users per hour, MFA per minute, the others per 5 minutes. */
const BUCKETS: Record<IpLimit, { rate: keyof AuthConfig['rateLimit']; windowMs: number }> = {
  tokenRefresh: { rate: 'tokenRefresh', windowMs: FIVE_MINUTES },
  signInSignUps: { rate: 'signInSignUps', windowMs: FIVE_MINUTES },
  tokenVerifications: { rate: 'tokenVerifications', windowMs: FIVE_MINUTES },
  anonymousUsers: { rate: 'anonymousUsers', windowMs: 3_600_000 },
  passkey: { rate: 'passkey', windowMs: FIVE_MINUTES },
  // GoTrue's FactorChallenge and FactorVerify limiters: two buckets sharing MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY.
  factorChallenge: { rate: 'mfaChallengeAndVerify', windowMs: 60_000 },
  factorVerify: { rate: 'mfaChallengeAndVerify', windowMs: 60_000 },
};
/** GoTrue's per-IP buckets refill at N per 5 minutes and hold a burst of 30 (fewer when N is lower). */
const BURST = 30;
/** Wrong codes one emailed code survives; then it is void (a deliberate difference: GoTrue has no counter). */
export const MAX_FAILED_OTP_ATTEMPTS = 5;

/** The first comma-separated value of a header, trimmed; undefined when empty. */
export const firstValue = (header: string | undefined): string | undefined =>
  header?.split(',')[0]?.trim() || undefined;

/** An IP as GoTrue's sbff stores it (`::ffff:1.2.3.4` → `1.2.3.4`); undefined for anything that is not one. */
export function canonicalIp(value: string | undefined): string | undefined {
  if (!value || !isIP(value)) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) return mapped[1];
  return isIP(value) === 6 ? new URL(`http://[${value}]/`).hostname.slice(1, -1) : value;
}

/** `[auth.rate_limit]`: email_sent is global per hour; the others are per client IP per 5 minutes. */
export class RateLimiter {
  private readonly config: AuthConfig;
  private readonly email: Bucket;
  private readonly perIp = new Map<string, Bucket>();
  private readonly failedOtps = new Map<string, number>();

  constructor(config: AuthConfig) {
    this.config = config;
    this.email = new Bucket(config.rateLimit.emailSent, 3_600_000);
  }

  allowEmail(): boolean {
    return this.config.rateLimit.emailSent > 0 && this.email.take();
  }

  /** GoTrue's limitHandler: 429 over_request_rate_limit once the client's bucket is empty. */
  checkIp(limit: IpLimit, ip: string | undefined): void {
    if (!ip) return;
    const key = `${limit}:${ip}`;
    let bucket = this.perIp.get(key);
    if (!bucket) {
      const { rate: setting, windowMs } = BUCKETS[limit];
      const rate = this.config.rateLimit[setting];
      bucket = new Bucket(rate, windowMs, Math.min(rate, BURST));
      this.perIp.set(key, bucket);
    }
    if (!bucket.take()) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }

  /** Counts a wrong code against `code` (e.g. an address); true when the code must now be voided. */
  otpFailed(code: string): boolean {
    const failures = (this.failedOtps.get(code) ?? 0) + 1;
    if (failures < MAX_FAILED_OTP_ATTEMPTS) {
      this.failedOtps.set(code, failures);
      return false;
    }
    this.failedOtps.delete(code);
    return true;
  }

  /** A new code was sent, or the code was used: its count starts again. */
  otpReset(code: string): void {
    this.failedOtps.delete(code);
  }
}
