'use server';

import { randomBytes } from 'node:crypto';
import { redirect } from '@/i18n/navigation';
import { formAction } from '@/lib/forms/form-action';
import type { FormState } from '@/lib/forms/form-state';
import { answerForm, forgetAnswer } from '@/lib/forms/no-script-state';
import { privateAction } from '@/lib/guard/action';
import { logServerError } from '@/lib/log/server-log';
import type { SessionClient } from '@/lib/session/server';
import {
  noteFileKey,
  noteFilePathNote,
  noteFileProblem,
  noteFileRemoveForm,
  noteFilesBucket,
  noteFilesPerNote,
  noteFilesUploadForm,
  sniffNoteFileType,
} from './note-files';
import { type NoteFilesProblem, noteFilesProblemMessage } from './note-file-messages';
import { isNoteId } from './note-schema';

// Everything runs as the visitor (their session's client, never the secret key): the policies on storage.objects
// (supabase/migrations/*_note_files.sql) decide who adds to and removes from a note's files.

const notePath = (id: unknown) => (isNoteId(id) ? `/notes/${id}` : '/notes');

/** Storage's answer to a write as a problem: 403 the policies (not allowed, or the note is full), 413, 415. */
async function storageProblem(
  supabase: SessionClient,
  noteId: string,
  error: unknown,
): Promise<NoteFilesProblem> {
  const status = String((error as { statusCode?: unknown } | null)?.statusCode ?? '');
  if (status === '413') return 'tooBig';
  if (status === '415') return 'wrongType';
  if (status === '403')
    return (await fileCount(supabase, noteId)) >= noteFilesPerNote ? 'tooMany' : 'refused';
  logServerError({ path: `/notes/${noteId}`, code: 'note_file_failed', error });
  return 'failed';
}

async function fileCount(supabase: SessionClient, noteId: string): Promise<number> {
  const { data } = await supabase.storage.from(noteFilesBucket).list(noteId, { limit: noteFilesPerNote + 1 });
  return data?.length ?? 0;
}

const newKey = (noteId: string, name: string) => noteFileKey(noteId, name, randomBytes(8).toString('hex'));

/** The answer to the browser asking to upload one file: a signed upload URL for it, or why not, localized. */
export type UploadTicket = { status: 'ok'; url: string } | { status: 'error'; message: string };

/**
 * With JavaScript: a signed upload URL for one file of the note's, which the browser PUTs the file to (no Supabase
 * client in the browser, and the bytes never pass through the app). Storage checks the insert policy as the visitor
 * when it signs (so no URL for someone who may not add, or a full note), and the bucket's limits on the PUT.
 */
export async function noteFileUploadTicket(formData: FormData): Promise<UploadTicket> {
  const noteId = formData.get('noteId');
  const caller = await privateAction(asForm(formData), notePath(noteId));
  if (caller.refused) return { status: 'error', message: caller.refused.message ?? '' };
  const { locale, supabase } = caller;
  const name = String(formData.get('name') ?? '');
  const size = Number(formData.get('size'));
  const type = String(formData.get('type') ?? '');
  if (!isNoteId(noteId))
    return { status: 'error', message: await noteFilesProblemMessage(locale, 'missing') };
  const problem = noteFileProblem({ size: Number.isFinite(size) ? size : 0, type });
  if (problem) return { status: 'error', message: await noteFilesProblemMessage(locale, problem, name) };
  const { data, error } = await supabase.storage
    .from(noteFilesBucket)
    .createSignedUploadUrl(newKey(noteId, name));
  if (error || !data)
    return {
      status: 'error',
      message: await noteFilesProblemMessage(locale, await storageProblem(supabase, noteId, error), name),
    };
  return { status: 'ok', url: data.signedUrl };
}

/** Server actions take what a caller sends: anything but form data is an empty form. */
const asForm = (value: unknown) => (value instanceof FormData ? value : new FormData());

/**
 * Without JavaScript: the same form posts its files here, and each goes on to Storage as the request body (no
 * copy). The first refused file stops the rest, and the message names it; the files before it are kept.
 */
export const uploadNoteFiles = formAction(async (_previous, formData) => {
  const noteId = formData.get('noteId');
  const caller = await privateAction(formData, notePath(noteId));
  if (caller.refused) return answerForm(noteFilesUploadForm, caller.refused);
  const { locale, supabase } = caller;
  const refuse = async (problem: NoteFilesProblem, name = ''): Promise<FormState> =>
    answerForm(noteFilesUploadForm, {
      status: 'error',
      message: await noteFilesProblemMessage(locale, problem, name),
    });
  if (!isNoteId(noteId)) return refuse('missing');
  const files = formData
    .getAll('files')
    .filter((entry): entry is File => entry instanceof File && entry.size > 0);
  if (files.length === 0) return refuse('empty');
  if ((await fileCount(supabase, noteId)) + files.length > noteFilesPerNote) return refuse('tooMany');
  for (const file of files) {
    const problem = noteFileProblem(file);
    if (problem) return refuse(problem, file.name);
    const type = sniffNoteFileType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
    if (!type) return refuse('wrongType', file.name);
    const { error } = await supabase.storage
      .from(noteFilesBucket)
      .upload(newKey(noteId, file.name), file, { contentType: type });
    if (error) return refuse(await storageProblem(supabase, noteId, error), file.name);
  }
  await forgetAnswer();
  return redirect({ href: { pathname: `/notes/${noteId}`, query: { saved: 'attached' } }, locale });
});

/** Removes one file of a note's. */
export const removeNoteFile = formAction(async (_previous, formData) => {
  const path = formData.get('path');
  const noteId = noteFilePathNote(typeof path === 'string' ? path : null);
  const caller = await privateAction(formData, notePath(noteId));
  if (caller.refused) return answerForm(noteFileRemoveForm, caller.refused);
  const { locale, supabase } = caller;
  const refuse = async (problem: NoteFilesProblem): Promise<FormState> =>
    answerForm(noteFileRemoveForm, {
      status: 'error',
      message: await noteFilesProblemMessage(locale, problem),
    });
  if (!noteId || typeof path !== 'string') return refuse('missing');
  const { data, error } = await supabase.storage.from(noteFilesBucket).remove([path]);
  if (error) {
    logServerError({ path: `/notes/${noteId}`, code: 'note_file_remove_failed', error });
    return refuse('failed');
  }
  // Nothing removed: not the visitor's to remove, or gone already.
  if (data.length === 0) return refuse('refused');
  await forgetAnswer();
  return redirect({ href: { pathname: `/notes/${noteId}`, query: { saved: 'fileRemoved' } }, locale });
});
