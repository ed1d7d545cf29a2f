import { logServerError } from '@/lib/log/server-log';
import { sessionClient } from '@/lib/session/server';
import { type NoteFile, noteFileName, noteFilesBucket, noteFilesPerNote } from './note-files';

// A note's files, read on the note's own page only (the list of notes asks Storage nothing), through the visitor's
// session: the select policy shows them to whoever reads the note.

export type NoteFilesRead = { status: 'ok'; files: NoteFile[] } | { status: 'unavailable' };

/** The note's files, oldest first. */
export async function listNoteFiles(path: string, noteId: string): Promise<NoteFilesRead> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.storage
    .from(noteFilesBucket)
    // More than a note may hold, so files written around the app show too (and can be removed).
    .list(noteId, { limit: noteFilesPerNote * 10, sortBy: { column: 'created_at', order: 'asc' } });
  if (error) {
    logServerError({ path, code: 'note_files_unreachable', error });
    return { status: 'unavailable' };
  }
  return {
    status: 'ok',
    files: data
      // A folder entry (id null) is no file.
      .filter((object) => object.id !== null)
      .map((object) => ({
        path: `${noteId}/${object.name}`,
        name: noteFileName(object.name),
        size: Number(object.metadata?.size ?? 0),
        type: String(object.metadata?.mimetype ?? ''),
      })),
  };
}
