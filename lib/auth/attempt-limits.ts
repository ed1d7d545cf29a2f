import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { cookies } from 'next/headers';
import { env } from '@/lib/env/env';
import type { FormState } from '@/lib/forms/form-state';
import { isWrongGuess } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { createSupabaseAdminClient } from '@/lib/supabase/admin';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { authCookieOptions } from '@/lib/supabase/config';
import type { Database } from '@/lib/supabase/database.types';
import { authMessageState } from '@/lib/guard/auth-error-state';
import {
  accountSubject,
  attemptPolicies,
  type AttemptKind,
  type AttemptPolicy,
  deviceCookieKey,
  deviceIdFor,
  deviceSubject,
  minutesUntil,
  newDeviceToken,
} from './attempt-rules';

// Node runtime, server actions only: the per-account limits of attempt-rules.ts, kept in the database
// (supabase/migrations/*_sign_in_attempts.sql) and reached through the Data API with the secret key.

/** Where failures are counted: the database's functions, or a stand-in in unit tests. */
export interface AttemptStore {
  lockedUntil(subject: string): Promise<Date | null>;
  failed(subject: string, policy: AttemptPolicy): Promise<Date | null>;
  succeeded(subject: string): Promise<void>;
}

const asDate = (value: string | null) => (value ? new Date(value) : null);

/** The store through the Data API, with a client holding the secret key (only service_role may call it). */
export function dataApiStore(admin: SupabaseClient<Database>): AttemptStore {
  return {
    async lockedUntil(subject) {
      const { data, error } = await admin.rpc('sign_in_locked_until', { p_subject: subject });
      if (error) throw error;
      return asDate(data);
    },
    async failed(subject, policy) {
      const { data, error } = await admin.rpc('sign_in_failed', {
        p_subject: subject,
        p_max_failures: policy.maxFailures,
        p_window_seconds: policy.windowSeconds,
        p_first_lock_seconds: policy.firstLockSeconds,
        p_max_lock_seconds: policy.maxLockSeconds,
      });
      if (error) throw error;
      return asDate(data);
    },
    async succeeded(subject) {
      const { error } = await admin.rpc('sign_in_succeeded', { p_subject: subject });
      if (error) throw error;
    },
  };
}

/** A store call that cannot be made leaves GoTrue's per-IP limits in charge: logged, never a failed sign-in. */
async function orLogged<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logServerError({ path: '-', code: 'attempt_limits_unavailable', error });
    return fallback;
  }
}

/**
 * The lock lookup delays every guess, so it gets a fraction of the auth budget: slower, it counts as unavailable and
 * the guess goes on, so a form still gives up within the budget when the whole service hangs.
 */
const lookupBudgetMs = 800;

/** One guess at an account: refused while locked, else counted once its outcome is known. */
export type Attempt =
  { lockedUntil: Date } | { lockedUntil?: undefined; settle: (error: unknown) => Promise<Date | null> };

/**
 * Starts a guess of `kind` at `account` (the email for passwords, the user id for codes) by the owner of
 * `email`. A browser whose device cookie was signed for that email counts against itself, not the account.
 */
export async function startAttempt(
  kind: AttemptKind,
  account: string,
  email: string,
  { store, key, deviceToken }: { store: AttemptStore; key: Buffer; deviceToken: string | undefined },
): Promise<Attempt> {
  const deviceId = deviceIdFor(key, deviceToken, email);
  const subject = deviceId ? deviceSubject(kind, deviceId) : accountSubject(kind, account);
  const policy = attemptPolicies[kind][deviceId ? 'device' : 'account'];
  const lockedUntil = await orLogged(
    () => withinAuthBudget(store.lockedUntil(subject), lookupBudgetMs),
    null,
  );
  if (lockedUntil) return { lockedUntil };
  return {
    settle: async (error) => {
      if (!error) {
        await orLogged(() => store.succeeded(subject), undefined);
        return null;
      }
      return isWrongGuess(error) ? orLogged(() => store.failed(subject, policy), null) : null;
    },
  };
}

const deviceCookieName = env.secureCookies ? '__Host-polyglot-device' : 'polyglot-device';
/** A device stays known for half a year after its last full sign-in. */
const deviceCookieMaxAge = 180 * 24 * 60 * 60;

/** The limits as the app's actions use them; none without a secret key (a warning says so at start). */
export async function startSignInAttempt(
  kind: AttemptKind,
  account: string,
  email: string,
): Promise<Attempt | undefined> {
  if (!env.supabaseSecretKey) return undefined;
  const deviceToken = (await cookies()).get(deviceCookieName)?.value;
  return startAttempt(kind, account, email, {
    store: dataApiStore(createSupabaseAdminClient()),
    key: deviceCookieKey(env.supabaseSecretKey),
    deviceToken,
  });
}

/**
 * After a full sign-in (the password, and the code when the account has a second factor): a new device cookie,
 * HttpOnly, SameSite=Lax and Secure (`__Host-`) in production, that exempts this browser from the account's lockout.
 */
export async function rememberDevice(email: string): Promise<void> {
  if (!env.supabaseSecretKey) return;
  (await cookies()).set(deviceCookieName, newDeviceToken(deviceCookieKey(env.supabaseSecretKey), email), {
    ...authCookieOptions,
    maxAge: deviceCookieMaxAge,
  });
}

/** "Too many attempts, try again in … minutes", in the form's language. */
export function lockedState(
  lockedUntil: Date,
  locale: Locale,
  values?: Record<string, string>,
): Promise<FormState> {
  return authMessageState(
    { key: 'tooManyAttempts', values: { minutes: minutesUntil(lockedUntil) } },
    locale,
    values,
  );
}
