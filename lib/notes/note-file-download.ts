import { storageFailure, uncachedFileHeaders } from '@/lib/http/storage-file';
import { storedSessionClient } from '@/lib/session/server';
import { isNoteFileType, noteFileName, noteFilePathNote, noteFilesBucket } from './note-files';

// A note's file served on the app's origin by app/api/note-file, with the visitor's access token from the cookie:
// Storage verifies it and the select policy decides (whoever reads the note), as for any Storage call, so another
// user's or an anonymous request gets a 404 whatever the path. Why a route rather than signed URLs in the page: a
// signed URL works for anyone holding it until it expires, and the Content-Security-Policy needs no Storage host.

/** Refused or missing alike are 404: the answer never tells whether a file exists that the visitor cannot read. */
const failureStatus = (error: unknown) => (storageFailure(error) === 'unavailable' ? 502 : 404);

/** `filename*` as RFC 6266 and 8187 write a name in any script. */
const dispositionName = (name: string) =>
  `filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/** The file at `path`, its image preview (`thumb`), or a download; or the status saying why not. */
export async function noteFileResponse(
  path: string | null,
  how: { thumb: boolean; download: boolean },
): Promise<Response> {
  if (!noteFilePathNote(path) || !path)
    return new Response(null, { status: 404, headers: uncachedFileHeaders });
  const session = await storedSessionClient();
  if (!session) return new Response(null, { status: 404, headers: uncachedFileHeaders });
  const files = session.supabase.storage.from(noteFilesBucket);
  const { data, error } = await files.download(
    path,
    // Twice the CSS size, for high-density screens (components/notes/note-files.tsx shows 64 px).
    how.thumb ? { transform: { width: 128, height: 128, resize: 'cover' } } : undefined,
  );
  if (error || !data)
    return new Response(null, { status: failureStatus(error), headers: uncachedFileHeaders });
  const type = isNoteFileType(data.type) ? data.type : 'application/octet-stream';
  const name = noteFileName(path.slice(path.indexOf('/') + 1));
  return new Response(data.stream(), {
    headers: {
      ...uncachedFileHeaders,
      'Content-Type': type,
      'Content-Disposition': `${how.download ? 'attachment' : 'inline'}; ${dispositionName(name)}`,
      'X-Content-Type-Options': 'nosniff',
      // Whatever the bytes are, they never run as a page of the app's origin (a PDF is left to the browser's
      // viewer, which a sandbox would block; the bucket takes no HTML or SVG, and nosniff keeps it a PDF).
      ...(type === 'application/pdf'
        ? {}
        : { 'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'" }),
    },
  });
}
