'use server';

import { randomBytes } from 'node:crypto';
import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { privateAction } from '@/lib/guard/action';
import { formAction } from '@/lib/forms/form-action';
import type { FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { reportIfUnreachable } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import type { SessionClient } from '@/lib/session/server';
import { PICTURE_VERSION_KEY } from '@/lib/session/types';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { avatarProblemMessage } from './avatar-messages';
import {
  avatarFileProblem,
  avatarPath,
  type AvatarProblem,
  avatarRemoveForm,
  avatarUploadForm,
  sniffAvatarType,
} from './avatar-rules';

// Both run as the visitor (their session's client, never the secret key): the policies on storage.objects
// (supabase/migrations/…_avatars.sql) decide that a user writes only under their own folder.

/**
 * Names the current picture in the user's metadata (null: none), where the account page and, through the access
 * token's claims and the presence hint, the header read it without asking anyone. A fresh token carries it at once
 * (as the profile form does for the name): otherwise the middleware would put the old version back into the hint
 * from the old token.
 */
async function recordVersion(supabase: SessionClient, version: string | null): Promise<boolean> {
  const { error } = await supabase.auth.updateUser({ data: { [PICTURE_VERSION_KEY]: version } });
  if (error) {
    logServerError({ path: '/account', code: 'avatar_version_failed', error });
    return false;
  }
  await withinAuthBudget(supabase.auth.refreshSession()).catch((failure: unknown) =>
    reportIfUnreachable(failure, '/account'),
  );
  return true;
}

async function refused(form: string, problem: AvatarProblem | 'failed', locale: Locale): Promise<FormState> {
  return answerForm(form, { status: 'error', message: await avatarProblemMessage(problem, locale) });
}

/** Sets or replaces the signed-in user's picture from a plain multipart post (with or without JavaScript). */
export const uploadAvatar = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#picture');
  if (caller.refused) return answerForm(avatarUploadForm, caller.refused);
  const { locale, supabase, user } = caller;
  const entry = formData.get('picture');
  const file = entry instanceof File ? entry : null;
  const problem = avatarFileProblem(file);
  if (problem || !file) return refused(avatarUploadForm, problem ?? 'empty', locale);
  const type = sniffAvatarType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  if (!type) return refused(avatarUploadForm, 'wrongType', locale);

  // The File is handed to storage-js as the request body (no copy here), with the type its bytes showed.
  const { error } = await supabase.storage
    .from('avatars')
    .upload(avatarPath(user.id), file, { upsert: true, contentType: type, cacheControl: '0' });
  if (error) {
    // The bucket's own limits answer 413 and 415 (a request around this form, or limits changed in config.toml).
    const status = 'statusCode' in error ? String(error.statusCode) : '';
    if (status === '413') return refused(avatarUploadForm, 'tooBig', locale);
    if (status === '415') return refused(avatarUploadForm, 'wrongType', locale);
    logServerError({ path: '/account', code: 'avatar_upload_failed', error });
    return refused(avatarUploadForm, 'failed', locale);
  }
  // A new name for every picture: a new address for the browser's cache.
  if (!(await recordVersion(supabase, randomBytes(9).toString('base64url'))))
    return refused(avatarUploadForm, 'failed', locale);
  return redirect({ href: { pathname: '/account', query: { updated: 'picture' } }, locale });
});

/** Removes the signed-in user's picture; the menu falls back to their initials. */
export const removeAvatar = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#picture');
  if (caller.refused) return answerForm(avatarRemoveForm, caller.refused);
  const { locale, supabase, user } = caller;
  const { error } = await supabase.storage.from('avatars').remove([avatarPath(user.id)]);
  if (error) {
    logServerError({ path: '/account', code: 'avatar_remove_failed', error });
    return refused(avatarRemoveForm, 'failed', locale);
  }
  if (!(await recordVersion(supabase, null))) return refused(avatarRemoveForm, 'failed', locale);
  return redirect({ href: { pathname: '/account', query: { updated: 'pictureRemoved' } }, locale });
});
