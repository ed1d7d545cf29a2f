'use server';

import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { reportIfUnreachable } from '@/lib/log/auth-errors';
import { authErrorState } from '@/lib/guard/auth-error-state';
import { privateAction } from '@/lib/guard/action';
import { signOutHere } from '@/lib/session/server';
import { deleteAccountSchema, profileSchema } from '@/lib/auth/form-schemas';
import { rememberLocaleChoice } from '@/lib/auth/preferred-locale';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues } from '@/lib/forms/form-state';
import { parseForm } from '@/lib/forms/parse-form';
import { createSupabaseAdminClient } from '@/lib/supabase/admin';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { actionPath } from '@/lib/log/action-path'; // example:notes
import { logServerError } from '@/lib/log/server-log'; // example:notes
import { removeAccountNoteFiles } from '@/lib/notes/note-files-going'; // example:notes

const echoed = ['displayName', 'preferredLocale'] as const;

/** Display name and preferred language; the language also picks the interface and later emails. */
export const updateProfile = formAction(async (_previous, formData) => {
  const caller = await privateAction(formData, '/account#profile', {
    values: echoedValues(formData, echoed),
  });
  if (caller.refused) return caller.refused;
  // The page's language, for this answer; the chosen one takes over from the redirect on.
  const { locale: pageLocale, supabase } = caller;
  const parsed = await parseForm(profileSchema, formData, pageLocale, echoed);
  if (!parsed.ok) return parsed.state;

  const { error } = await supabase.auth.updateUser({
    data: { display_name: parsed.data.displayName, locale: parsed.data.preferredLocale },
  });
  if (error) return authErrorState(error, pageLocale, echoedValues(formData, echoed));
  // A fresh access token carries the new metadata, so the header shows it without a round trip. Within the auth
  // budget only: the change is saved, and past it the header shows the new name on the next refresh.
  await withinAuthBudget(supabase.auth.refreshSession()).catch((error: unknown) =>
    reportIfUnreachable(error, '/account'),
  );
  await rememberLocaleChoice(parsed.data.preferredLocale);
  return redirect({
    href: { pathname: '/account', query: { updated: 'profile' } },
    locale: parsed.data.preferredLocale,
  });
});

/** Deletes the account with the secret key, on the server, after the user typed the confirmation word. */
export const deleteAccount = formAction(async (_previous, formData) => {
  const values = echoedValues(formData, ['confirmation']);
  const caller = await privateAction(formData, '/account#delete', { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const t = await getTranslations({ locale, namespace: 'Account' });
  const parsed = await parseForm(deleteAccountSchema(t('deleteWord')), formData, locale, ['confirmation']);
  if (!parsed.ok) return parsed.state;

  // A sole owner of a team with other members hands it over or deletes it first (the database refuses too): told
  // here, with a link to each team, rather than by a read on every view of the account page.
  const blockers = await supabase.rpc('account_deletion_blockers');
  if (blockers.error || blockers.data.length > 0) {
    const teams = await getTranslations({ locale, namespace: 'Teams' });
    if (blockers.error) return { status: 'error', message: teams('errors.unavailable'), values };
    return {
      status: 'error',
      message: teams('deletionBlockers', { count: blockers.data.length }),
      deletionBlockers: blockers.data.map((team) => ({ slug: team.team_slug, name: team.team_name })),
      values,
    };
  }
  const admin = createSupabaseAdminClient();
  // example:notes start
  // The files of the notes that go with the account first, then the account (its notes cascade): a failure in
  // between leaves the account as it was, at most with fewer files, never deleted with files left in the bucket.
  const filesError = await removeAccountNoteFiles(supabase, admin);
  if (filesError) {
    logServerError({
      path: await actionPath(),
      code: filesError.code || 'note_files_not_removed',
      error: filesError,
    });
    const notes = await getTranslations({ locale, namespace: 'Notes' });
    return { status: 'error', message: notes('unavailable'), values };
  }
  // example:notes end
  const { error } = await admin.auth.admin.deleteUser(user.id);
  if (error) return authErrorState(error, locale, values);
  // The sessions died with the user; this clears this browser's cookies.
  await signOutHere(supabase);
  return redirect({ href: { pathname: '/sign-in', query: { status: 'account-deleted' } }, locale });
});
