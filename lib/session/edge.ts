import type { Locale } from 'next-intl';
import { combineChunks, stringFromBase64URL } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { type NextRequest, NextResponse } from 'next/server';
import { accessRedirect, isPrivatePath } from '@/lib/routes/access-rules';
import { encodeHandedRow, HANDED_ROW_HEADER } from '@/lib/routes/handed-row';
import { unmatchedPath } from '@/lib/routes/not-found';
import { rowOf, type RowSource } from '@/lib/routes/route-table';
import { isSessionEnded, reportIfUnreachable } from '@/lib/log/auth-errors';
import { logServerError } from '@/lib/log/server-log';
import { withinAuthBudget } from '@/lib/supabase/auth-fetch';
import { sessionCookieOptions } from '@/lib/supabase/config';
import { createSupabaseEdgeClient, hasAuthCookie } from '@/lib/supabase/edge';
import { syncPresenceHint } from './presence-hint';
import { claimsOf, keptClaims } from './verified-tokens';
import {
  identityOf,
  isSecondFactorPending,
  PRESENCE_HINT_COOKIE,
  type SessionIdentity,
  storedUserFactors,
} from './types';

// Edge runtime: the middleware's session step.

const privateCacheControl = 'private, no-store';

interface EdgeSession {
  identity: SessionIdentity | null;
  /** Signed in with one factor while the user has a verified second one (aal1 with factors): private pages wait. */
  secondFactorPending: boolean;
  unreachable: boolean;
  /** The auth server refused to refresh the session: it ended (timebox, inactivity, signed out elsewhere). */
  ended: boolean;
  /** The client that read the session, for the row check of a per-row page. */
  supabase?: SupabaseClient;
}

/**
 * supabase-js refreshes a stored session whose access token expires within this margin (auth-js's EXPIRY_MARGIN_MS,
 * 90 s), so only a session further from its expiry may skip the client.
 */
const refreshMarginMs = 90_000;

/**
 * The session cookie as @supabase/ssr stores it ('raw' JSON, or `base64-` and base64url), read without a client, when
 * its access token is one this process verified and the client would not refresh it: then `readSession` has its
 * answer without building a Supabase client (with its Auth, Data API, Storage and Realtime parts) on every request.
 * Building it and reading the session through it was about 4 % of the app's CPU for a signed-in private view
 * (profiled: docs/decisions/0015-private-page-reads.md). Null for anything else: the client decides as before.
 */
async function keptSession(
  request: NextRequest,
): Promise<{ claims: NonNullable<ReturnType<typeof keptClaims>>; user: unknown } | null> {
  try {
    const stored = await combineChunks(sessionCookieOptions.name, (name) => request.cookies.get(name)?.value);
    if (!stored) return null;
    const session = JSON.parse(
      stored.startsWith('base64-') ? stringFromBase64URL(stored.slice('base64-'.length)) : stored,
    ) as { access_token?: unknown; refresh_token?: unknown; expires_at?: unknown; user?: unknown } | null;
    const token = session?.access_token;
    const expiresAt = session?.expires_at;
    if (
      typeof token !== 'string' ||
      typeof session?.refresh_token !== 'string' ||
      typeof expiresAt !== 'number'
    )
      return null;
    if (expiresAt * 1000 - Date.now() <= refreshMarginMs) return null;
    const claims = keptClaims(token);
    return claims ? { claims, user: session.user } : null;
  } catch {
    // Not a cookie @supabase/ssr wrote: the client reads it and says what it is.
    return null;
  }
}

/**
 * The signed-in user, from the session cookie, refreshing it when the access token has expired. With
 * asymmetric signing keys getClaims() verifies locally (JWKS cached for 10 minutes): no request to the auth
 * server per page view while the access token is valid. The assurance level comes from the token's `aal` claim
 * and the factors in the session cookie, also without a request.
 */
async function readSession(
  request: NextRequest,
  response: NextResponse,
  needsClient: boolean,
): Promise<EdgeSession> {
  const path = request.nextUrl.pathname;
  // A per-row page asks the Data API with the session's client anyway: that client reads the session too.
  const kept = needsClient ? null : await keptSession(request);
  if (kept) {
    const identity = identityOf(kept.claims);
    const factors = storedUserFactors(
      typeof kept.user === 'object' && kept.user !== null ? kept.user : undefined,
    );
    return {
      identity,
      secondFactorPending: identity !== null && isSecondFactorPending(kept.claims.aal, factors),
      unreachable: false,
      ended: false,
    };
  }
  try {
    const supabase = createSupabaseEdgeClient(request, response);
    // One read of the session cookie (decoding it is a good part of the middleware's time): its access token,
    // refreshed when expired, for the claims, and its user's factors for the level. getClaims() alone would read it again.
    const { claims, factors, error } = await withinAuthBudget(
      (async () => {
        const stored = await supabase.auth.getSession();
        const session = stored.data.session;
        if (stored.error || !session) return { claims: null, factors: undefined, error: stored.error };
        const { data, error } = await claimsOf(session.access_token, (token) =>
          supabase.auth.getClaims(token),
        );
        return { claims: data?.claims ?? null, factors: storedUserFactors(session.user), error };
      })(),
    );
    const unreachable = error ? reportIfUnreachable(error, path) : false;
    const identity = claims ? identityOf(claims) : null;
    const secondFactorPending = identity !== null && isSecondFactorPending(claims?.aal, factors);
    return {
      identity,
      secondFactorPending,
      unreachable,
      ended: isSessionEnded(error),
      supabase: supabase as unknown as SupabaseClient,
    };
  } catch (error) {
    // An auth server too slow for the budget, a malformed cookie or a failure inside the client: logged,
    // treated as signed out, never a failed or hanging page.
    const unreachable = reportIfUnreachable(error, path);
    if (!unreachable) logServerError({ path, code: 'session_unreadable', error });
    return { identity: null, secondFactorPending: false, unreachable, ended: false };
  }
}

/**
 * The row a per-row page names (the route table's `row`), asked of the Data API with the visitor's session so
 * row-level security decides: `missing` when there is none for them, also for a key the database cannot read as one
 * (PostgREST's 400); `unknown` for an answer that is not the database's (a timeout, a 5xx), which lets the page
 * through to read it again and say so itself.
 */
async function readRow(
  supabase: SupabaseClient,
  source: RowSource & { select: string },
  key: string,
): Promise<{ status: 'found'; row: unknown } | { status: 'missing' } | { status: 'unknown' }> {
  try {
    const query =
      'function' in source
        ? supabase.rpc(source.function, { [source.argument]: key }).select(source.select)
        : supabase.from(source.table).select(source.select).eq(source.column, key);
    const { data, error, status } = await withinAuthBudget(Promise.resolve(query.limit(1)));
    if (error) return status === 400 ? { status: 'missing' } : { status: 'unknown' };
    const rows = data as unknown[];
    return rows.length > 0 ? { status: 'found', row: rows[0] } : { status: 'missing' };
  } catch {
    // Past the budget: the page reads the row itself and shows its "unavailable" note.
    return { status: 'unknown' };
  }
}

/**
 * For a locale-prefixed request: session refresh, the presence hint, access rules, a per-row page's row and
 * private caching. `forwarded` are the request headers the render gets. Anonymous requests (no auth cookie) create
 * no Supabase client at all.
 */
export async function applySession(
  request: NextRequest,
  forwarded: Headers,
  locale: Locale,
): Promise<NextResponse> {
  const response = NextResponse.next({ request: { headers: forwarded } });
  const path = request.nextUrl.pathname.slice(locale.length + 1) || '/';
  const row = rowOf(path);
  const { identity, secondFactorPending, unreachable, ended, supabase } = hasAuthCookie(request)
    ? await readSession(request, response, row !== null)
    : { identity: null, secondFactorPending: false, unreachable: false, ended: false, supabase: undefined };
  syncPresenceHint(request.cookies.get(PRESENCE_HINT_COOKIE)?.value, identity, (name, value, options) =>
    response.cookies.set(name, value, options),
  );

  const target = accessRedirect({
    locale,
    path,
    search: request.nextUrl.searchParams,
    signedIn: identity !== null,
    secondFactorPending,
    authUnreachable: unreachable,
    sessionEnded: ended,
  });
  if (target) {
    // With the refreshed or cleared cookies.
    return carryOnto(NextResponse.redirect(new URL(target, request.url), 307), response);
  }
  // Signed out, only a page open to anyone gets here with a row (the access rules sent the rest to sign-in): its
  // row is asked as anon, with a client made for it alone.
  const client =
    supabase ?? (row && !hasAuthCookie(request) ? createSupabaseEdgeClient(request, response) : undefined);
  const read = row && client && !secondFactorPending ? await readRow(client, row.row, row.key) : null;
  if (read?.status === 'missing') {
    // Before any page renders: the global not-found page, in this language, with status 404 (lib/routes/not-found.ts).
    const missing = NextResponse.rewrite(new URL(`/${locale}${unmatchedPath}`, request.url), {
      request: { headers: forwarded },
    });
    return carryOnto(missing, response);
  }
  const handed =
    read?.status === 'found' && (request.method === 'GET' || request.method === 'HEAD')
      ? encodeHandedRow(path, read.row)
      : null;
  if (handed !== null) {
    // The page renders with the row this step read (lib/routes/handed-row.ts) instead of reading it again.
    forwarded.set(HANDED_ROW_HEADER, handed);
    return carryOnto(NextResponse.next({ request: { headers: forwarded } }), response);
  }
  if (isPrivatePath(path)) response.headers.set('Cache-Control', privateCacheControl);
  return response;
}

/** The refreshed or cleared cookies and Supabase's cache headers of `from`, onto another answer, never stored. */
function carryOnto(answer: NextResponse, from: NextResponse): NextResponse {
  for (const cookie of from.cookies.getAll()) answer.cookies.set(cookie);
  from.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && !key.startsWith('x-middleware-')) answer.headers.set(key, value);
  });
  answer.headers.set('Cache-Control', privateCacheControl);
  return answer;
}
