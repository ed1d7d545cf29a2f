// Note attachments: what a note takes, checked the same way in the browser (before a signed upload) and on the
// server (a post without JavaScript, and before a signed upload URL is issued). The bucket (supabase/config.toml,
// `note-files`) enforces the size and types again, and its policies the count (supabase/migrations/*_note_files.sql).

/** The bucket. */
export const noteFilesBucket = 'note-files';

/** The forms' names for their answers to a post without JavaScript (lib/forms/no-script-state.ts). */
export const noteFilesUploadForm = 'note-files-upload';
export const noteFileRemoveForm = 'note-file-remove';

/** 10 MiB, the bucket's `file_size_limit`. */
export const noteFileMaxBytes = 10 * 1024 * 1024;

/** Files per note, as the insert policy counts them. */
export const noteFilesPerNote = 10;

/** The bucket's `allowed_mime_types`, and what each is called in the list. */
export const noteFileTypes = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
} as const;
export type NoteFileType = keyof typeof noteFileTypes;
export type NoteFileKind = (typeof noteFileTypes)[NoteFileType];

export const isNoteFileType = (type: string): type is NoteFileType => Object.hasOwn(noteFileTypes, type);

/** A file as the note's page lists it. */
export interface NoteFile {
  /** The object's path in the bucket, `<note id>/<stored name>`. */
  path: string;
  name: string;
  size: number;
  type: string;
}

export type NoteFileProblem = 'empty' | 'tooBig' | 'wrongType';

/** What is wrong with one chosen file before its bytes are read. */
export function noteFileProblem(file: { size: number; type: string }): NoteFileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > noteFileMaxBytes) return 'tooBig';
  if (!isNoteFileType(file.type)) return 'wrongType';
  return null;
}

/**
 * The stored name for a file the user named `name`: a random part (two files of the same name never meet) and the
 * name itself in base64url, since Storage keys take only a few ASCII characters (the service's `isValidKey`) while
 * people name files in every script. The name is cut to 120 characters (whole code points).
 */
export function noteFileKey(noteId: string, name: string, random: string): string {
  const kept = [...name.replace(/[\p{Cc}/\\]/gu, '_')].slice(0, 120).join('') || 'file';
  const bytes = new TextEncoder().encode(kept);
  const base64 = btoa(String.fromCharCode(...bytes));
  return `${noteId}/${random}.${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The name a stored name was given, or the stored name for one the app did not write. */
export function noteFileName(stored: string): string {
  const match = /^[0-9a-f]{16}\.([\w-]+)$/.exec(stored);
  if (!match) return stored;
  try {
    const binary = atob(match[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const name = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    return name || stored;
  } catch {
    // Not base64 of UTF-8: a name someone else gave the object, shown as it is.
    return stored;
  }
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const pathPattern = new RegExp(`^(${uuid})/([0-9a-f]{16}\\.[\\w-]+)$`);

/** The note id of a path the app writes, or null for anything else (a query value is whatever was typed). */
export function noteFilePathNote(path: string | null): string | null {
  return path ? (pathPattern.exec(path)?.[1] ?? null) : null;
}

/** The file's type from its first bytes, or null: a renamed document would otherwise pass by its name. */
export function sniffNoteFileType(head: Uint8Array): NoteFileType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The app's address of a file (app/api/note-file): `thumb` for an image's small preview, `download` to save it. */
export function noteFileSource(path: string, how: 'open' | 'thumb' | 'download' = 'open'): string {
  return `/api/note-file?${new URLSearchParams(how === 'open' ? { path } : { path, [how]: '1' })}`;
}
