// The files of the notes a team or an account takes with it. The notes go by SQL (`on delete cascade`); their files
// must go through the Storage API (hosted Storage refuses deleting storage.objects rows by SQL, and the bytes would
// stay behind), and before the rows: once the notes are gone no policy matches their files, and nobody but an
// administrator could find them again. One request names them all (the database functions of
// supabase/migrations/*_note_files_going_with.sql), one more per thousand removes them.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/supabase/database.types';
import type { SessionClient } from '@/lib/session/server';
import { noteFilesBucket } from './note-files';

/** Storage's most names in one delete request (its `deleteObjects` route). */
const removePerRequest = 1000;

/** What went wrong: Data API's or Storage's error, or files Storage did not remove. */
type Failure = { code?: string; message: string };

/** Removes the named objects; the failure, or null when every one of them is gone. */
async function removeAll(client: SupabaseClient<Database>, names: string[]): Promise<Failure | null> {
  for (let start = 0; start < names.length; start += removePerRequest) {
    const chunk = names.slice(start, start + removePerRequest);
    const { data, error } = await client.storage.from(noteFilesBucket).remove(chunk);
    if (error) return error;
    // Storage skips what the policies refuse rather than failing: a file left behind is a failure here.
    if (data.length < chunk.length)
      return {
        code: 'note_files_not_removed',
        message: `${chunk.length - data.length} note files were not removed`,
      };
  }
  return null;
}

/**
 * Removes the files of a team's notes as its owner about to delete it (anyone else is given no names, so a delete
 * the database then refuses has cost nothing). The error, or null.
 */
export async function removeTeamNoteFiles(
  supabase: SessionClient,
  team: { id: string; slug: string },
): Promise<Failure | null> {
  const { data, error } = await supabase.rpc('team_note_file_names', {
    p_team_id: team.id,
    p_slug: team.slug,
  });
  if (error) return error;
  return removeAll(supabase, data);
}

/**
 * Removes the files of the notes that go with the caller's account: the notes they wrote, anywhere, and those of
 * the teams they alone belong to. Named as the caller; removed with the secret key that deletes the account (a note
 * of theirs in a team they have left is no longer theirs to change, yet goes with them). The error, or null.
 */
export async function removeAccountNoteFiles(
  supabase: SessionClient,
  admin: SupabaseClient<Database>,
): Promise<Failure | null> {
  const { data, error } = await supabase.rpc('account_note_file_names');
  if (error) return error;
  return removeAll(admin, data);
}
