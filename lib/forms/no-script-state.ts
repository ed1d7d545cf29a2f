import { cookies, headers } from 'next/headers';
import { refusedPostCookie } from '@/lib/http/request-guard';
import { authCookieOptions } from '@/lib/supabase/config';
import type { FormState } from './form-state';

// Forms on pages with a prerendered shell and per-visitor content (the code step, the account page): without
// JavaScript, Next answers a form post by resuming that shell, and React's resume takes no form state, so the
// action's answer (the message, what was typed) would not show. For such a post the action also leaves its answer
// in a short-lived HttpOnly cookie, and the page hands it to the form as its initial state. With JavaScript the
// answer arrives with the action's response as usual and no cookie is written.

const name = 'polyglot-form-state';
const lifetime = 15; // seconds: the page rendering right after the post reads it.

/** The action's answer, also kept for the page when the post came from a form without JavaScript. */
export async function answerForm<S extends FormState>(form: string, state: S): Promise<S> {
  // Next's own fetch for an action carries Next-Action; a plain form post does not.
  if (!(await headers()).has('next-action'))
    (await cookies()).set(name, JSON.stringify({ form, state }), { ...authCookieOptions, maxAge: lifetime });
  return state;
}

/**
 * For an action whose post succeeded: an answer an earlier post left, kept for its few seconds, would otherwise show
 * beside this one's outcome (a refusal of a file above the word that the next one was attached).
 */
export async function forgetAnswer(): Promise<void> {
  const jar = await cookies();
  if (jar.has(name)) jar.delete({ name, ...authCookieOptions });
}

/** For the page: the answer a plain form post just left for `form`, if any. */
export async function noScriptAnswer<S extends FormState>(form: string): Promise<S | undefined> {
  const raw = (await cookies()).get(name)?.value;
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as { form?: unknown; state?: S };
    return kept.form === form && kept.state && typeof kept.state.status === 'string' ? kept.state : undefined;
  } catch {
    // Not written by us (or cut short): no answer to show.
    return undefined;
  }
}

/**
 * For a page with a file form: whether its last post without JavaScript was over the action body limit, refused
 * before it reached the action and sent back here by the middleware (refusedFormReturn in lib/http/request-guard.ts).
 */
export async function noScriptPostTooLarge(): Promise<boolean> {
  return (await cookies()).get(refusedPostCookie.name)?.value === refusedPostCookie.value;
}
