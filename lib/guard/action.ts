import type { User } from '@supabase/supabase-js';
import type { Locale } from 'next-intl';
import { formLocale } from '@/lib/forms/form-locale';
import type { FormState } from '@/lib/forms/form-state';
import {
  requireCurrentUser,
  requireFirstFactorUser,
  confirmedSession,
  sessionClient,
  sessionUnconfirmed,
  type SessionClient,
} from '@/lib/session/server';
import { authErrorState } from './auth-error-state';

// The first line of every server action, by who may post it, as the route table's access levels say who may open
// a page: `publicAction` (anyone: sign-in, sign-up, the emailed links), `privateAction` (signed in with the
// account's full assurance: the account page and every private page) and `secondFactorAction` (signed in, the
// second factor perhaps still owed: the code step), and `sessionRead` for a read a component asks for without a form
// (the user menu's teams). tests/unit/action-guards.test.ts fails when an action reads
// its language or its caller any other way.

/** When the auth server cannot answer: the form's localized "unavailable" state, keeping what the visitor typed. */
interface Refused {
  locale: Locale;
  /** This request's client, for an action that still has something to do here (clear this device's cookies). */
  supabase: SessionClient;
  /** The auth server's failure, already logged. */
  error: unknown;
  refused: FormState;
}

/** A public action's caller: anyone, never refused. */
export type PublicCaller = { locale: Locale; refused?: undefined };

/** A private action's caller: signed in with the assurance their account asks for, or refused with a form state. */
export type PrivateCaller =
  { locale: Locale; supabase: SessionClient; user: User; refused?: undefined } | Refused;

/** The code step's caller: signed in with the first factor, `secondFactorPending` until the second is paid. */
export type SecondFactorCaller =
  | { locale: Locale; supabase: SessionClient; user: User; secondFactorPending: boolean; refused?: undefined }
  | Refused;

interface GuardOptions {
  /** What the visitor typed (passwords aside), kept by the refused state. */
  values?: Record<string, string>;
}

async function refused(
  locale: Locale,
  supabase: SessionClient,
  error: unknown,
  values: Record<string, string> | undefined,
): Promise<Refused> {
  return { locale, supabase, error, refused: await authErrorState(error, locale, values) };
}

/**
 * An action open to anyone: the form's language (server actions have no route params; forms carry it in a hidden
 * field). It asks no session, as its page asks none; an action that signs someone in or out takes this request's
 * client itself (lib/session/server.ts's sessionClient), and only on the path that needs it.
 */
export function publicAction(formData: FormData): PublicCaller {
  return { locale: formLocale(formData) };
}

/**
 * An action behind a private page: the form's language and its caller, asked of the auth server
 * (lib/session/server.ts's requireCurrentUser: a session ended elsewhere goes to sign-in, one that owes its second
 * factor to the code step, both coming back to `next`; `fresh` asks for a recent sign-in, and only the actions that
 * add a second factor pass `enrolling`). When the auth server cannot answer, `refused` is the form's localized
 * "unavailable" state keeping `values`.
 */
export async function privateAction(
  formData: FormData,
  next: string,
  { values, ...options }: GuardOptions & { fresh?: boolean; enrolling?: boolean } = {},
): Promise<PrivateCaller> {
  const locale = formLocale(formData);
  const { error, ...current } = await requireCurrentUser(locale, next, options);
  if (!current.user) return refused(locale, current.supabase, error, values);
  return { locale, supabase: current.supabase, user: current.user };
}

/**
 * An action of the code step, the one page for a session that still owes its second factor (it is what pays it):
 * signed in with the first factor, or sent to sign-in when the session ended. Already at full assurance (another
 * tab was quicker), `secondFactorPending` is false and there is nothing left to prove.
 */
export async function secondFactorAction(
  formData: FormData,
  { values }: GuardOptions = {},
): Promise<SecondFactorCaller> {
  const locale = formLocale(formData);
  const { error, ...current } = await requireFirstFactorUser(locale);
  if (!current.user) return refused(locale, current.supabase, error, values);
  return {
    locale,
    supabase: current.supabase,
    user: current.user,
    secondFactorPending: current.secondFactorPending,
  };
}

/**
 * A read a client component asks for without a form (the user menu's teams when it opens): the session confirmed
 * as a private page confirms it (lib/session/server.ts's confirmedSession, one auth request), with no redirect, as
 * a component's background read must not navigate. Null unless the session is live and has its full assurance, so
 * a password alone (a second factor still owed) reads nothing.
 */
export async function sessionRead(path: string): Promise<{ supabase: SessionClient } | null> {
  const session = await confirmedSession(path);
  if (!session || session === sessionUnconfirmed || session.secondFactorPending) return null;
  return { supabase: await sessionClient() };
}
