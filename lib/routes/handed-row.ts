// A per-row page's row (the route table's `row`), read once: the middleware reads it through the Data API to decide
// the 404 before the page renders, and hands what it read to the page in a request header, so the page does not ask
// again. The middleware deletes any copy the client sent on every request it lets through (middleware.ts), so the
// page can trust the header: it only ever holds what the middleware read under the visitor's session. It is handed
// only for a GET or HEAD: a form post runs a server action first, which may change the row, and the page it renders
// after must read the row as the action left it. Runs in the edge middleware and in Node: no Node or Next imports.

/** Request header from the middleware to a per-row page: the row it read, as base64 of `{ path, row }` JSON. */
export const HANDED_ROW_HEADER = 'x-polyglot-row';

/**
 * The longest header the middleware hands (base64 characters); a larger row is left to the page to read. On a
 * host where the middleware runs apart from the render (Vercel), the headers travel with the request, and proxies
 * commonly cap one header line at 8 KiB (nginx) and all of them at 16 KiB (Node): with the session cookies (up to
 * about 4 KiB) beside it, 8 KiB stays under both. A note of a few thousand characters fits.
 */
export const handedRowMaxLength = 8 * 1024;

/** The header's value for `row`, read for `path` (the page's path without locale); null when too long to hand. */
export function encodeHandedRow(path: string, row: unknown): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify({ path, row }));
  if (Math.ceil(bytes.length / 3) * 4 > handedRowMaxLength) return null;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The row the middleware handed for `path`, or null (none handed: a post, a row too long, a read that failed, or
 * a value that is not the middleware's, which the page then reads itself).
 */
export function decodeHandedRow(value: string | null | undefined, path: string): unknown {
  if (!value) return null;
  try {
    const text = new TextDecoder().decode(
      Uint8Array.from(atob(value), (character) => character.charCodeAt(0)),
    );
    const handed = JSON.parse(text) as { path?: unknown; row?: unknown };
    return handed.path === path && handed.row && typeof handed.row === 'object' ? handed.row : null;
  } catch {
    // Not base64 or not JSON: not the middleware's.
    return null;
  }
}
