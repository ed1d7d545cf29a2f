'use server';

import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { actionPath } from '@/lib/log/action-path';
import { asFormData } from '@/lib/forms/form-action';
import { reportAuthFailure } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { privateAction } from '@/lib/guard/action';
import { signOutHere } from '@/lib/session/server';

// Ending sessions from "Your sessions" (and from the offer after a second-factor change) through the visitor's own
// session with rpc(): the database functions end only the caller's sessions and never the current one. Each action
// answers with the sessions page and a status in its address, so the forms work without JavaScript. Ending every
// session, this one included, is GoTrue's own global sign-out.

const sessionsPath = '/account/sessions';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = 'ended' | 'ended-others' | 'already-ended' | 'failed';

function answer(locale: Locale, outcome: Outcome): never {
  return redirect({ href: { pathname: sessionsPath, query: { status: outcome } }, locale });
}

/**
 * The signed-in user's language and client, or the failure page when the auth server cannot confirm the session
 * (the guard has logged why). Ending sessions asks for a recent sign-in with every factor, as other changes to who
 * is signed in do (ASVS 7.5.2).
 */
async function sessionsAction(formData: FormData) {
  const caller = await privateAction(formData, sessionsPath, { fresh: true });
  if (caller.refused) return answer(caller.locale, 'failed');
  return caller;
}

async function failed(locale: Locale, error: { code?: string }): Promise<never> {
  logServerError({ path: await actionPath(), code: error.code || 'data_unreachable', error });
  return answer(locale, 'failed');
}

/** Ends one of the user's other sessions (`sessionId`). */
export async function endSession(posted: FormData): Promise<void> {
  // A crafted call may pass anything: it reads as an empty form.
  const formData = asFormData(posted);
  const { locale, supabase } = await sessionsAction(formData);
  const sessionId = formData.get('sessionId');
  // A malformed id names no session of the user's: answered as one already ended.
  if (typeof sessionId !== 'string' || !uuidPattern.test(sessionId)) return answer(locale, 'already-ended');
  const { data, error } = await supabase.rpc('end_my_session', { session_id: sessionId });
  if (error) return failed(locale, error);
  return answer(locale, data ? 'ended' : 'already-ended');
}

/** Ends every session of the user but this one. */
export async function endOtherSessions(posted: FormData): Promise<void> {
  const { locale, supabase } = await sessionsAction(asFormData(posted));
  const { error } = await supabase.rpc('end_my_other_sessions');
  if (error) return failed(locale, error);
  return answer(locale, 'ended-others');
}

/**
 * Ends every session of the user, this one included. When the auth server cannot end them (an error answer, or
 * no answer), supabase-js keeps this device's session and fires no sign-out (2.119): this device is signed out
 * here all the same, and sign-in says the other devices may still be signed in.
 */
export async function signOutEverywhere(posted: FormData): Promise<void> {
  const caller = await privateAction(asFormData(posted), '/account#sessions');
  const { locale, supabase } = caller;
  // Refused, the guard has logged why.
  const { error } = caller.refused ? caller : await supabase.auth.signOut({ scope: 'global' });
  if (!error)
    return redirect({ href: { pathname: '/sign-in', query: { status: 'signed-out-everywhere' } }, locale });
  if (!caller.refused) reportAuthFailure(error, await actionPath());
  await signOutHere(supabase);
  return redirect({ href: { pathname: '/sign-in', query: { status: 'signed-out-here-only' } }, locale });
}
