'use server';

import { refresh } from 'next/cache';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { parseForm } from '@/lib/forms/parse-form';
import { privateAction } from '@/lib/guard/action';
import { actionPath } from '@/lib/log/action-path';
import { logServerError } from '@/lib/log/server-log';
import { isTeamSlug } from '@/lib/teams/team-schema';
import { noteFilesBucket, noteFilesPerNote } from './note-files';
import { isNoteId, noteSchema } from './note-schema';
import { knownTimeZone, noteTime } from './note-time';

// Writes go through the visitor's session like the reads, so row-level security refuses another user's note: a
// forged post for one changes nothing and is answered as for a missing note.

const echoed = ['title', 'body'] as const;

/** The version saved elsewhere since the form was opened, for the edit form to show beside the user's text. */
export interface NoteConflict {
  title: string;
  body: string;
  updatedAt: string;
  /** When it was saved, relative to now ("2 minutes ago"), in the visitor's language. */
  when: string;
}

/** The edit form's answer: a form state, and the other version when the note changed elsewhere. */
export interface NoteEditState extends FormState {
  conflict?: NoteConflict;
}

/** The version the edit form was opened at, as the Data API wrote it (`2026-11-25T22:04:24.123456+00:00`). */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;

async function notesMessage(
  locale: Locale,
  key: 'missing' | 'unavailable' | 'teamRefused',
  values: Record<string, string>,
): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'Notes' });
  return { status: 'error', message: t(key), values };
}

/** A failed Data API call: logged, and the form says the notes cannot be reached, keeping what was typed. */
async function unavailable(
  locale: Locale,
  values: Record<string, string>,
  error: unknown,
): Promise<FormState> {
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : '';
  logServerError({ path: await actionPath(), code: code || 'data_unreachable', error });
  return notesMessage(locale, 'unavailable', values);
}

/** Where a new note is written: the team's notes for a team note, else the new-note page. */
const newNotePath = (teamSlug: unknown) => (isTeamSlug(teamSlug) ? `/teams/${teamSlug}/notes` : '/notes/new');

/** The note's page, to come back to after signing in again; the list for an id that names no note. */
const notePath = (id: unknown) => (isNoteId(id) ? `/notes/${id}` : '/notes');

async function create(formData: FormData): Promise<FormState> {
  const values = echoedValues(formData, echoed);
  const caller = await privateAction(formData, newNotePath(formData.get('teamSlug')), { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(noteSchema, formData, locale, echoed);
  if (!parsed.ok) return parsed.state;
  // A team note: the insert policy lets only the team's members write one.
  const teamId = formData.get('teamId');
  const row = isNoteId(teamId) ? { ...parsed.data, team_id: teamId } : parsed.data;
  const { data, error } = await supabase.from('notes').insert(row).select('id').single();
  if (error?.code === '42501') return notesMessage(locale, 'teamRefused', values);
  if (error) return unavailable(locale, values, error);
  return redirect({ href: { pathname: `/notes/${data.id}`, query: { saved: 'created' } }, locale });
}

async function update(formData: FormData): Promise<NoteEditState> {
  const id = formData.get('id');
  const openedAt = formData.get('updatedAt');
  const values = { ...echoedValues(formData, echoed), updatedAt: String(openedAt ?? '') };
  const caller = await privateAction(formData, notePath(id), { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  if (!isNoteId(id) || typeof openedAt !== 'string' || !timestampPattern.test(openedAt))
    return notesMessage(locale, 'missing', values);
  const parsed = await parseForm(noteSchema, formData, locale, echoed);
  if (!parsed.ok) return { ...parsed.state, values };
  // Only the version that was opened is overwritten; the database moves updated_at on every change.
  const { data, error } = await supabase
    .from('notes')
    .update(parsed.data)
    .eq('id', id)
    .eq('updated_at', openedAt)
    .select('id');
  if (error) return unavailable(locale, values, error);
  if (data.length === 0) {
    const latest = await supabase.from('notes').select('title, body, updated_at').eq('id', id).maybeSingle();
    if (latest.error) return unavailable(locale, values, latest.error);
    if (!latest.data) return notesMessage(locale, 'missing', values);
    const t = await getTranslations({ locale, namespace: 'Notes' });
    const saved = new Date(latest.data.updated_at);
    // The page behind the form shows the other version too, not the one the user opened (with JavaScript: the
    // router fetches the page again with this answer; without, the answer is a fresh page anyway).
    refresh();
    return {
      status: 'error',
      message: t('changedElsewhere'),
      // Saving again now replaces the other version, knowingly.
      values: { ...values, updatedAt: latest.data.updated_at },
      conflict: {
        title: latest.data.title,
        body: latest.data.body,
        updatedAt: latest.data.updated_at,
        // One moment, said relative to now: a zone is needed only for a date a week or more back.
        when: noteTime(locale, saved, new Date(), knownTimeZone(formData.get('timeZone')) ?? 'UTC'),
      },
    } satisfies NoteEditState;
  }
  return redirect({ href: { pathname: `/notes/${id}`, query: { saved: 'changed' } }, locale });
}

async function remove(formData: FormData): Promise<FormState> {
  const id = formData.get('id');
  const caller = await privateAction(formData, notePath(id));
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  if (!isNoteId(id)) return notesMessage(locale, 'missing', {});
  // Its files first, through the Storage API (hosted Storage refuses deleting storage.objects by SQL, and the
  // bytes would stay behind): afterwards the policies, which join the files to the note, would no longer match.
  const files = await supabase.storage.from(noteFilesBucket).list(id, { limit: noteFilesPerNote * 10 });
  if (files.error) return unavailable(locale, {}, files.error);
  if (files.data.length > 0) {
    const removed = await supabase.storage
      .from(noteFilesBucket)
      .remove(files.data.map((file) => `${id}/${file.name}`));
    if (removed.error) return unavailable(locale, {}, removed.error);
  }
  const { data, error } = await supabase.from('notes').delete().eq('id', id).select('id');
  if (error) return unavailable(locale, {}, error);
  if (data.length === 0) return notesMessage(locale, 'missing', {});
  return redirect({ href: { pathname: '/notes', query: { deleted: '1' } }, locale });
}

/** A new note; then its page. */
export const createNote = formAction(async (_previous, formData) =>
  answerForm('note-create', await create(formData)),
);

/**
 * Title and body of a note, unless it changed since the form was opened (`updatedAt`): then the other version comes
 * back beside what was typed.
 */
export const updateNote = formAction<NoteEditState>(async (_previous, formData) =>
  answerForm('note-update', await update(formData)),
);

/** Deletes a note (the page asks for confirmation first); then the list. */
export const deleteNote = formAction(async (_previous, formData) =>
  answerForm('note-delete', await remove(formData)),
);
