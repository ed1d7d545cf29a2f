import type { AuthConfig } from '../config/config.ts';
import { tooManyRequests } from '../errors.ts';

/** A token bucket: `capacity` events, refilled continuously over `windowMs` (GoTrue's limiters are buckets too). */
class Bucket {
  private tokens: number;
  private last = Date.now();
  private readonly capacity: number;
  private readonly windowMs: number;
  constructor(capacity: number, windowMs: number) {
    this.capacity = capacity;
    this.windowMs = windowMs;
    this.tokens = capacity;
  }

  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.capacity) / this.windowMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type IpLimit = 'tokenRefresh' | 'signInSignUps' | 'tokenVerifications' | 'anonymousUsers';
const FIVE_MINUTES = 5 * 60_000;

/** `[auth.rate_limit]`: email_sent is global per hour; the others are per client IP per 5 minutes. */
export class RateLimiter {
  private readonly config: AuthConfig;
  private readonly email: Bucket;
  private readonly perIp = new Map<string, Bucket>();

  constructor(config: AuthConfig) {
    this.config = config;
    this.email = new Bucket(config.rateLimit.emailSent, 3_600_000);
  }

  allowEmail(): boolean {
    return this.config.rateLimit.emailSent > 0 && this.email.take();
  }

  /** Per-IP limits need a client-IP header, as GoTrue's GOTRUE_RATE_LIMIT_HEADER; without one they do not apply. */
  checkIp(limit: IpLimit, ip: string | undefined): void {
    if (!ip) return;
    const key = `${limit}:${ip}`;
    let bucket = this.perIp.get(key);
    if (!bucket) {
      // anonymous_users is per hour (GoTrue's RATE_LIMIT_ANONYMOUS_USERS), the others per 5 minutes.
      bucket = new Bucket(this.config.rateLimit[limit], limit === 'anonymousUsers' ? 3_600_000 : FIVE_MINUTES);
      this.perIp.set(key, bucket);
    }
    if (!bucket.take()) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}
