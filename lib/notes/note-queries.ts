import { headers } from 'next/headers';
import { logServerError } from '@/lib/log/server-log';
import { decodeHandedRow, HANDED_ROW_HEADER } from '@/lib/routes/handed-row';
import { noteRow } from '@/lib/routes/route-table';
import { sessionClient } from '@/lib/session/server';
import type { Tables } from '@/lib/supabase/database.types';
import { isNoteId, notesPerPage, searchFilter } from './note-schema';

// Reads for the notes pages, through the visitor's own session: row-level security decides which notes exist for
// them (supabase/migrations/*_notes.sql), so another user's note reads exactly like a missing one.

/** A note as the pages show it: its row (lib/supabase/database.types.ts, `npm run db:types`) but the owner. */
export type Note = Omit<Tables<'notes'>, 'user_id' | 'team_id'>;

export type NoteSummary = Omit<Note, 'body'>;

export type NoteList =
  | { status: 'ok'; notes: NoteSummary[]; total: number; pages: number }
  | { status: 'past-end' }
  | { status: 'unavailable' };

/**
 * One page of the visitor's own notes, or of a team's (`teamId`: row-level security shows them to its members
 * only), newest first, with the exact count of all that match: `page` from 1, `search` over title and body ('' for
 * all). A page past the last one is `past-end` (the first page never is).
 */
export async function listNotes(
  path: string,
  page: number,
  search: string,
  teamId: string | null = null,
): Promise<NoteList> {
  const supabase = await sessionClient();
  const from = (page - 1) * notesPerPage;
  const notes = supabase.from('notes').select('id, title, created_at, updated_at', { count: 'exact' });
  // The personal list leaves out the notes of the visitor's teams, which the policies also let them read.
  let query = (teamId ? notes.eq('team_id', teamId) : notes.is('team_id', null))
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + notesPerPage - 1);
  if (search) query = query.or(searchFilter(search));
  const { data, count, error } = await query;
  // The Data API answers a range past the end with 416 (PGRST103).
  if (error?.code === 'PGRST103') return { status: 'past-end' };
  if (error || count === null) {
    logServerError({ path, code: error?.code || 'data_unreachable', error });
    return { status: 'unavailable' };
  }
  if (page > 1 && data.length === 0) return { status: 'past-end' };
  return { status: 'ok', notes: data, total: count, pages: Math.max(1, Math.ceil(count / notesPerPage)) };
}

const noteColumns = noteRow.select;

export type NoteRead = { status: 'ok'; note: Note } | { status: 'missing' } | { status: 'unavailable' };

/**
 * One note of the visitor's: `missing` for a malformed id, another user's note and a deleted one alike. The
 * middleware has usually read it already and handed it over (the route table's `row`): then no second read.
 */
export async function readNote(path: string, id: string): Promise<NoteRead> {
  if (!isNoteId(id)) return { status: 'missing' };
  const handed = decodeHandedRow((await headers()).get(HANDED_ROW_HEADER), `/notes/${id}`);
  // The columns the route table names for the middleware's read, which are the ones selected below.
  if (handed) return { status: 'ok', note: handed as Note };
  const supabase = await sessionClient();
  const { data, error } = await supabase.from('notes').select(noteColumns).eq('id', id).maybeSingle();
  if (error) {
    logServerError({ path, code: error.code || 'data_unreachable', error });
    return { status: 'unavailable' };
  }
  return data ? { status: 'ok', note: data } : { status: 'missing' };
}
