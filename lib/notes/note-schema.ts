import { z } from 'zod/mini';

// One schema for the note form in the browser (before submit) and in the server actions (always). The limits are
// the check constraints of supabase/migrations/*_notes.sql: the database refuses what the form refuses. zod counts
// UTF-16 units and Postgres counts characters, so a title of emoji is refused here a little before it would be there.
export const noteLimits = { title: 120, body: 10_000 } as const;

/** The notes a list page shows. */
export const notesPerPage = 20;

/** The longest search the list accepts; longer ones are cut (a query string is not a form: nothing to correct). */
export const searchMaxLength = 200;

const typeError = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' ? (issue.input == null ? 'required' : 'wrongType') : undefined,
};

export const noteSchema = z.object({
  title: z.string(typeError).check(
    z.minLength(1, { error: 'required', abort: true }),
    z.refine((value) => value.trim().length > 0, { error: 'whitespace', abort: true }),
    z.trim(),
    z.maxLength(noteLimits.title),
  ),
  // Browsers post a textarea's line breaks as CRLF; stored as LF, a break counts once, as the textarea counts it.
  body: z.string(typeError).check(
    z.overwrite((value) => value.replace(/\r\n?/g, '\n')),
    z.maxLength(noteLimits.body),
  ),
});

export type NoteInput = z.output<typeof noteSchema>;

const uuid = z.uuid();

/** Whether a value from a URL or a form names a note at all: anything else is answered as a missing note. */
export function isNoteId(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/** `?page=` as a page number from 1; anything else (missing, 0, -1, 1.5, 1e3, text) is the first page. */
export function pageNumber(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** `?q=` as the search to run: trimmed and cut to searchMaxLength; empty means none. */
export function searchText(raw: string | undefined): string {
  return (raw ?? '').trim().slice(0, searchMaxLength);
}

/**
 * The Data API's `or` filter for notes whose title or body contains `text`, case aside. LIKE's own wildcards in the
 * text are escaped (a search for "50%" finds "50%", not everything), then the value is quoted for the filter
 * syntax, where commas, dots and parentheses would otherwise end it.
 */
export function searchFilter(text: string): string {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const quoted = `"${pattern.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
  return `title.ilike.${quoted},body.ilike.${quoted}`;
}
