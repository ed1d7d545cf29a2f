import type { BrowserContext, Cookie } from '@playwright/test';

// The session cookie as the app stores it (cookieEncoding 'raw' in lib/supabase/config.ts): percent-encoded JSON,
// split by @supabase/ssr into `sb-<ref>-auth-token.0`, `.1`, … once longer than one cookie may be.

const authCookieName = /^sb-.+-auth-token(\.\d+)?$/;
const maxChunk = 3180; // @supabase/ssr's MAX_CHUNK_SIZE

async function sessionChunks(context: BrowserContext): Promise<Cookie[]> {
  return (await context.cookies())
    .filter(({ name }) => authCookieName.test(name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

/** The stored session (access token, refresh token, user object…) as the browser holds it. */
export async function readSessionCookie(context: BrowserContext): Promise<Record<string, unknown>> {
  const chunks = await sessionChunks(context);
  if (chunks.length === 0) throw new Error('No session cookie');
  return JSON.parse(decodeURIComponent(chunks.map(({ value }) => value).join('')));
}

/** Replaces the stored session with an edited one, chunked as @supabase/ssr would (never inside a %XX escape). */
export async function writeSessionCookie(context: BrowserContext, session: Record<string, unknown>) {
  const chunks = await sessionChunks(context);
  const template = chunks[0];
  if (!template) throw new Error('No session cookie');
  const base = template.name.replace(/\.\d+$/, '');
  for (const { name } of chunks) await context.clearCookies({ name });
  let rest = encodeURIComponent(JSON.stringify(session));
  const pieces: string[] = [];
  while (rest.length > maxChunk) {
    let end = maxChunk;
    const escape = rest.lastIndexOf('%', end - 1);
    if (escape > end - 3) end = escape;
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  pieces.push(rest);
  await context.addCookies(
    pieces.map((value, index) => ({
      ...template,
      name: pieces.length === 1 ? base : `${base}.${index}`,
      value,
    })),
  );
}

/** The names of the cookies that say someone is signed in: the auth cookies and the presence hint. */
export async function sessionCookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map(({ name }) => name)
    .filter((name) => authCookieName.test(name) || name === 'polyglot-session');
}
