import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { cookies, headers } from 'next/headers';
import { env } from '@/lib/env/env';
import type { FormState } from '@/lib/forms/form-state';
import { isWrongGuess } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { createSupabaseAdminClient } from '@/lib/supabase/admin';
import { visitorIp, withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { authCookieOptions } from '@/lib/supabase/config';
import type { Database } from '@/lib/supabase/database.types';
import { authMessageState } from '@/lib/guard/auth-error-state';
import {
  type AttemptKind,
  deviceCookieKey,
  deviceIdFor,
  lockedUntilIn,
  minutesUntil,
  newDeviceToken,
} from './attempt-rules';

// Node runtime, server actions only. The auth server refuses a locked account itself (its lockout hooks); the app's
// server vouches for browsers with a device cookie before their attempt, reads the lock's end from the refusal, and,
// where the hooks are off (ATTEMPT_LIMITS_IN_APP=on) or the auth server does not ask them (a current password on the
// account page), records the attempts by the same rules (supabase/migrations/*_sign_in_attempt_hooks.sql) through
// the Data API with the secret key.

/** The database's functions for the app's server, or a stand-in in unit tests. */
export interface AttemptStore {
  /** The next attempt at the account from `ip` comes from a browser with the device cookie `device`. */
  vouch(kind: AttemptKind, account: string, ip: string | undefined, device: string): Promise<void>;
  /** When the attempt's lock ends, or null. */
  check(kind: AttemptKind, account: string, ip: string | undefined): Promise<Date | null>;
  /** Records an attempt the auth server judged; the lock's end if one holds or starts, else null. */
  record(kind: AttemptKind, account: string, ip: string | undefined, valid: boolean): Promise<Date | null>;
}

const asDate = (value: string | null) => (value ? new Date(value) : null);

/** The store through the Data API, with a client holding the secret key (only service_role may call it). */
export function dataApiStore(admin: SupabaseClient<Database>): AttemptStore {
  return {
    async vouch(kind, account, ip, device) {
      const { error } = await admin.rpc('sign_in_device_pass', {
        p_kind: kind,
        p_account: account,
        p_ip: ip ?? '',
        p_device: device,
      });
      if (error) throw error;
    },
    async check(kind, account, ip) {
      const { data, error } = await admin.rpc('sign_in_attempt_check', {
        p_kind: kind,
        p_account: account,
        p_ip: ip ?? '',
      });
      if (error) throw error;
      return asDate(data);
    },
    async record(kind, account, ip, valid) {
      const { data, error } = await admin.rpc('sign_in_attempt_record', {
        p_kind: kind,
        p_account: account,
        p_ip: ip ?? '',
        p_valid: valid,
      });
      if (error) throw error;
      return asDate(data);
    },
  };
}

/**
 * The lock lookup delays every guess, so it gets a fraction of the auth budget. Slower, or failing, it refuses the
 * guess (logged): a lookup that cannot answer must not let guesses through.
 */
const lookupBudgetMs = 800;

/** One guess at an account: refused (locked, or the lock could not be looked up), else judged once answered. */
export type Attempt =
  | { refused: { lockedUntil: Date } | 'unavailable' }
  | { refused?: undefined; settle: (error: unknown) => Promise<Date | null> };

/** Who judges the attempt: the auth server's hooks, or the app's server (hooks off, or no hook on that path). */
export type AttemptJudge = 'auth server' | 'app';

/**
 * Starts a guess of `kind` at `account` (the email for passwords, the user id for codes) by the owner of `email`,
 * from `ip` (the visitor's IP the auth server gets in Sb-Forwarded-For). A browser whose device cookie was signed
 * for that email is vouched for, so the attempt counts against it, not the account.
 */
export async function startAttempt(
  kind: AttemptKind,
  account: string,
  email: string,
  options: {
    store: AttemptStore;
    key: Buffer;
    deviceToken: string | undefined;
    ip: string | undefined;
    judge: AttemptJudge;
  },
): Promise<Attempt> {
  const { store, key, deviceToken, ip, judge } = options;
  const deviceId = deviceIdFor(key, deviceToken, email);
  // Without the pass the attempt counts against the account: nothing is let through that should not be.
  if (deviceId)
    await withinAuthBudget(store.vouch(kind, account, ip, deviceId), lookupBudgetMs).catch((error: unknown) =>
      logServerError({ path: '-', code: 'attempt_limits_unavailable', error }),
    );
  if (judge === 'app') {
    try {
      const lockedUntil = await withinAuthBudget(store.check(kind, account, ip), lookupBudgetMs);
      if (lockedUntil) return { refused: { lockedUntil } };
    } catch (error) {
      logServerError({ path: '-', code: 'attempt_limits_unavailable', error });
      return { refused: 'unavailable' };
    }
  }
  if (judge === 'auth server') return { settle: async (error) => lockedUntilIn(error) };
  return {
    settle: async (error) => {
      if (error && !isWrongGuess(error)) return null;
      try {
        return await store.record(kind, account, ip, !error);
      } catch (cause) {
        logServerError({ path: '-', code: 'attempt_limits_unavailable', error: cause });
        return null;
      }
    },
  };
}

const deviceCookieName = env.secureCookies ? '__Host-polyglot-device' : 'polyglot-device';
/** A device stays known for half a year after its last full sign-in. */
const deviceCookieMaxAge = 180 * 24 * 60 * 60;

/**
 * The limits as the app's actions use them. `judge` defaults to the auth server, unless ATTEMPT_LIMITS_IN_APP says
 * its hooks are off. Without a secret key nothing is vouched for or recorded (a warning says so at start).
 */
export async function startSignInAttempt(
  kind: AttemptKind,
  account: string,
  email: string,
  judge: AttemptJudge = env.attemptLimitsInApp ? 'app' : 'auth server',
): Promise<Attempt | undefined> {
  if (!env.supabaseSecretKey)
    return judge === 'auth server' ? { settle: async (error) => lockedUntilIn(error) } : undefined;
  const requestHeaders = await headers();
  const deviceToken = (await cookies()).get(deviceCookieName)?.value;
  return startAttempt(kind, account, email, {
    store: dataApiStore(createSupabaseAdminClient()),
    key: deviceCookieKey(env.supabaseSecretKey),
    deviceToken,
    ip: visitorIp(requestHeaders),
    judge,
  });
}

/** The form's answer to a refused attempt: "try again in … minutes", or "service unavailable". */
export function refusedState(
  refused: { lockedUntil: Date } | 'unavailable',
  locale: Locale,
  values?: Record<string, string>,
): Promise<FormState> {
  return refused === 'unavailable'
    ? authMessageState({ key: 'serviceUnavailable' }, locale, values)
    : lockedState(refused.lockedUntil, locale, values);
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
