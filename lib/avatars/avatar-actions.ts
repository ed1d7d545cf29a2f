'use server';

import { randomBytes } from 'node:crypto';
import type { Locale } from 'next-intl';
import { redirect } from '@/i18n/navigation';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { formAction } from '@/lib/forms/form-action';
import { formLocale } from '@/lib/forms/form-locale';
import type { FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { reportIfUnreachable } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { requireCurrentUser, type SessionClient } from '@/lib/session/server';
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
  const locale = formLocale(formData);
  const entry = formData.get('picture');
  const file = entry instanceof File ? entry : null;
  const problem = avatarFileProblem(file);
  if (problem || !file) return refused(avatarUploadForm, problem ?? 'empty', locale);
  const type = sniffAvatarType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  if (!type) return refused(avatarUploadForm, 'wrongType', locale);

  const current = await requireCurrentUser(locale, '/account#picture');
  if (!current.user) return answerForm(avatarUploadForm, await authErrorState(current.error, locale));
  // The File is handed to storage-js as the request body (no copy here), with the type its bytes showed.
  const { error } = await current.supabase.storage
    .from('avatars')
    .upload(avatarPath(current.user.id), file, { upsert: true, contentType: type, cacheControl: '0' });
  if (error) {
    // The bucket's own limits answer 413 and 415 (a request around this form, or limits changed in config.toml).
    const status = 'statusCode' in error ? String(error.statusCode) : '';
    if (status === '413') return refused(avatarUploadForm, 'tooBig', locale);
    if (status === '415') return refused(avatarUploadForm, 'wrongType', locale);
    logServerError({ path: '/account', code: 'avatar_upload_failed', error });
    return refused(avatarUploadForm, 'failed', locale);
  }
  // A new name for every picture: a new address for the browser's cache.
  if (!(await recordVersion(current.supabase, randomBytes(9).toString('base64url'))))
    return refused(avatarUploadForm, 'failed', locale);
  return redirect({ href: { pathname: '/account', query: { updated: 'picture' } }, locale });
});

/** Removes the signed-in user's picture; the menu falls back to their initials. */
export const removeAvatar = formAction(async (_previous, formData) => {
  const locale = formLocale(formData);
  const current = await requireCurrentUser(locale, '/account#picture');
  if (!current.user) return answerForm(avatarRemoveForm, await authErrorState(current.error, locale));
  const { error } = await current.supabase.storage.from('avatars').remove([avatarPath(current.user.id)]);
  if (error) {
    logServerError({ path: '/account', code: 'avatar_remove_failed', error });
    return refused(avatarRemoveForm, 'failed', locale);
  }
  if (!(await recordVersion(current.supabase, null))) return refused(avatarRemoveForm, 'failed', locale);
  return redirect({ href: { pathname: '/account', query: { updated: 'pictureRemoved' } }, locale });
});
