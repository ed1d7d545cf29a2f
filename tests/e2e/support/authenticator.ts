import { createClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { publishableKey, supabaseUrl } from './test-env';

const period = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / period);

/**
 * An authenticator app for one secret. The local auth server accepts each 30-s step once per factor (stricter
 * than GoTrue) and GoTrue accepts one step either side of now: a fresh code is the first step after the last one
 * used, waiting for the clock only when that step is more than one ahead.
 */
export class Authenticator {
  private readonly totp: TOTP;
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(secret: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(secret.replace(/\s/g, '')),
      algorithm: 'SHA1',
      digits: 6,
      period,
    });
  }

  async freshCode(): Promise<string> {
    const step = Math.max(currentStep(), this.lastStep + 1);
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * period * 1000 });
  }

  /** Six digits that are no valid code now or in the next minute. */
  wrongCode(): string {
    const valid = new Set(
      [-1, 0, 1, 2].map((offset) =>
        this.totp.generate({ timestamp: (currentStep() + offset) * period * 1000 }),
      ),
    );
    for (let n = 0; ; n++) {
      const candidate = String((123456 + n * 111111) % 1000000).padStart(6, '0');
      if (!valid.has(candidate)) return candidate;
    }
  }
}

/** The code as an Arabic keyboard types it: Arabic-Indic digits. */
export const arabicIndic = (code: string) =>
  code.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));

/**
 * Setup only (the flow under test enrolls through the UI): verified TOTP factors for a user, through supabase-js
 * against the auth server, as authenticator apps would confirm them (the second from the session the first raised
 * to aal2, as GoTrue requires). Returns one app per name, for further codes.
 */
export async function enrollFactors(
  email: string,
  password: string,
  names: string[],
): Promise<Authenticator[]> {
  const supabase = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signedIn = await supabase.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  const apps: Authenticator[] = [];
  for (const friendlyName of names) {
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
    if (error) throw error;
    const app = new Authenticator(data.totp.secret);
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: data.id,
      code: await app.freshCode(),
    });
    if (verified.error) throw verified.error;
    apps.push(app);
  }
  return apps;
}
