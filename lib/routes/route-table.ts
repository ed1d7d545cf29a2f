import type { Locale } from 'next-intl';
import { isLocale } from '../../i18n/locales.ts';

// Every route under app/[locale]/, declared once. The middleware's access rules and private caching
// (lib/routes/access-rules.ts), each page's guard and robots (lib/guard/page.ts, lib/seo/page-metadata.ts),
// the service worker (lib/pwa/request-policy.ts, app/serwist/[path]/route.ts), the sitemap and robots.txt read
// this table. The middleware matcher in middleware.ts has to stay a literal (Next
// reads it at build time); tests/unit/middleware-matcher.test.ts checks it against this table with real URLs, and
// tests/unit/route-table.test.ts checks the pages against it.
// No imports beyond the locale list, written with its extension: the service worker's bundle carries this file,
// and next.config.mjs loads it with Node's type stripping (the prerendered pages' headers).

/**
 * Who may open a route: 'anyone'; 'signed-out' (a signed-in visitor goes on to `next` or the account page);
 * 'signed-in' with the user's full assurance (anyone else goes to sign-in and comes back; a user with a verified
 * second factor whose session has only the first goes to the code step first); 'second-factor' (signed in, the
 * second factor still owed: the code step; everyone else goes on to `next`). accessRedirect's exhaustive switch
 * fails to compile until a new level is handled there.
 */
export type Access = 'anyone' | 'signed-out' | 'signed-in' | 'second-factor';

interface RouteEntry {
  /** The path after the locale prefix, e.g. '/account'. */
  path: `/${string}`;
  /** The entry covers every path below `path` too (the route handlers under /auth, future account pages). */
  subtree?: true;
  access: Access;
  /** 'static': prerendered once and shared by everyone; 'private': one visitor's answer, `private, no-store`. */
  caching: 'static' | 'private';
  /**
   * 'precache': the service worker stores it at install (the offline page); 'offline-copy': a public static page,
   * fetched from the network and kept after each visit, shown offline with a note that it may be out of date;
   * 'network': never stored.
   */
  worker: 'precache' | 'offline-copy' | 'network';
  /** 'listed' in the sitemap; 'unlisted': crawlable, left out, and the page says noindex; 'disallowed' in robots.txt. */
  search: 'listed' | 'unlisted' | 'disallowed';
  /**
   * A page per row, its path naming the row's key in its dynamic segment (`/notes/[id]`, `/teams/[slug]/notes`).
   * Before the page renders, the middleware asks the Data API with the visitor's session whether the row is there (row-level security decides, so another
   * user's row, a deleted one and a malformed key read alike) and answers 404 with the localized not-found page
   * when it is not: Next could only answer a page's own notFound() with an empty error shell (lib/routes/not-found.ts).
   * `missing` and `back` are the message keys that page shows, `back` labelling a link to the path above.
   * `select` names the columns the page shows: the middleware reads those and hands the row to the page
   * (lib/routes/handed-row.ts), so a view reads it once. A row no table grants the visitor (an invitation, to
   * someone signed out) is named by a `function` of the Data API instead, called with the key as its `argument`
   * and read like a table; such a page may be open to anyone, so the middleware asks even without a session.
   * `backTo` replaces the path above when that has no page of its own.
   */
  row?: RowSource & { select: string; missing: MessageKey; back: MessageKey; backTo?: string };
}

/** Where a per-row page's row is read: a table's column, or a set-returning function's argument. */
export type RowSource = { table: string; column: string } | { function: string; argument: string };

/** A key of messages/<locale>.json, `Namespace.key` (tests/unit/route-table.test.ts checks each one exists). */
type MessageKey = `${string}.${string}`;

/** A team's row, for /teams/<slug> and its pages: what they show of the team (lib/teams/team-queries.ts reads the same columns when none was handed). */
const teamRow = {
  table: 'teams',
  column: 'slug',
  select: 'id, slug, name',
  missing: 'Teams.missing',
  back: 'Teams.allTeams',
} as const;

// example:notes start
/** A note's row: what its page shows (lib/notes/note-queries.ts reads the same columns when none was handed). */
export const noteRow = {
  table: 'notes',
  column: 'id',
  select: 'id, title, body, created_at, updated_at',
  missing: 'Notes.missing',
  back: 'Notes.allNotes',
} as const;
// example:notes end

export const routeTable = [
  { path: '/', access: 'anyone', caching: 'static', worker: 'offline-copy', search: 'listed' },
  { path: '/sign-in', access: 'signed-out', caching: 'static', worker: 'offline-copy', search: 'listed' },
  {
    path: '/sign-in/verify',
    access: 'second-factor',
    caching: 'private',
    worker: 'network',
    search: 'unlisted',
  },
  // Adding a second factor, when the project requires one (REQUIRE_SECOND_FACTOR): private pages send users here.
  {
    path: '/sign-in/enroll',
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'unlisted',
  },
  {
    path: '/sign-in/email-link',
    access: 'anyone',
    caching: 'static',
    worker: 'offline-copy',
    search: 'unlisted',
  },
  { path: '/sign-up', access: 'signed-out', caching: 'static', worker: 'offline-copy', search: 'listed' },
  {
    path: '/sign-up/check-email',
    access: 'anyone',
    caching: 'private',
    worker: 'network',
    search: 'unlisted',
  },
  { path: '/forgot-password', access: 'anyone', caching: 'static', worker: 'offline-copy', search: 'listed' },
  { path: '/reset-password', access: 'anyone', caching: 'private', worker: 'network', search: 'unlisted' },
  { path: '/sign-out', access: 'anyone', caching: 'static', worker: 'network', search: 'unlisted' },
  {
    path: '/account',
    subtree: true,
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
  },
  // example:notes start
  // The notes example: the list, /notes/new and /notes/<id> (a row of the visitor's, or a 404).
  { path: '/notes/new', access: 'signed-in', caching: 'private', worker: 'network', search: 'disallowed' },
  {
    path: '/notes/[id]',
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
    row: noteRow,
  },
  {
    path: '/notes',
    subtree: true,
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
  },
  // example:notes end
  // Teams: the list (with invitations waiting for the visitor), and /teams/<slug> (a team the visitor is in, or a 404).
  // example:notes start
  {
    path: '/teams/[slug]/notes/new',
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
    row: teamRow,
  },
  {
    path: '/teams/[slug]/notes',
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
    row: teamRow,
  },
  // example:notes end
  {
    path: '/teams/[slug]',
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
    row: teamRow,
  },
  {
    path: '/teams',
    subtree: true,
    access: 'signed-in',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
  },
  // /invitations/<token>, the page an emailed invitation opens: anyone with the link, signed in or not. A token
  // that names no invitation is a 404; one no longer open is the page, saying why.
  {
    path: '/invitations/[token]',
    access: 'anyone',
    caching: 'private',
    worker: 'network',
    search: 'disallowed',
    row: {
      function: 'team_invitation_preview',
      argument: 'p_token',
      select: 'invitation_id, team_name, team_slug, email, role, status, expires_at',
      missing: 'Teams.invitationStatus.missing',
      back: 'Teams.allTeams',
      backTo: '/teams',
    },
  },
  // Link and OAuth returns, the session-ended step and the link error page: they set or read session cookies.
  {
    path: '/auth',
    subtree: true,
    access: 'anyone',
    caching: 'private',
    worker: 'network',
    search: 'unlisted',
  },
  { path: '/~offline', access: 'anyone', caching: 'static', worker: 'precache', search: 'unlisted' },
] as const satisfies readonly RouteEntry[];

type Entry = (typeof routeTable)[number];
/** A dynamic entry's path with each `[segment]` filled in (`/invitations/[token]` → `/invitations/${string}`). */
type Filled<P extends string> = P extends `${infer Head}[${string}]${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : P;
/** Paths of the given entries, filled in, and of pages below the subtree ones among them. */
type PathsOf<E extends Entry> =
  E['path'] | Filled<E['path']> | `${Extract<E, { subtree: true }>['path']}/${string}`;
/** A page's path (without the locale prefix): one the table declares. */
export type PagePath = PathsOf<Entry>;
/** Pages whose entry needs a session: they call guardPage (lib/guard/page.ts). */
export type GuardedPath = PathsOf<Extract<Entry, { access: 'signed-in' | 'second-factor' }>>;

/** A dynamic segment of an entry's path (`[id]`): it matches any one non-empty segment. */
const dynamicSegment = /^\[\w+\]$/;

function matches(entry: RouteEntry, path: string): boolean {
  if (path === entry.path || (entry.subtree && path.startsWith(`${entry.path}/`))) return true;
  if (!entry.path.includes('[')) return false;
  const want = entry.path.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every(
      (segment, index) => segment === have[index] || (dynamicSegment.test(segment) && have[index] !== ''),
    )
  );
}

/**
 * The entry for a path without locale prefix, or undefined for a path that is not one of our routes. The first
 * entry that matches wins, as Next prefers a named segment to a dynamic one: `/notes/new` comes before `/notes/[id]`.
 */
export function findRoute(path: string): RouteEntry | undefined {
  return routeTable.find((entry: RouteEntry) => matches(entry, path));
}

/**
 * The row a path of a per-row entry names (`/notes/<id>` → the entry's row and `<id>`; `/teams/<slug>/notes` →
 * `<slug>`), and the path above that segment, or null.
 */
export function rowOf(
  path: string,
): { row: NonNullable<RouteEntry['row']>; key: string; parent: string } | null {
  const entry = findRoute(path);
  if (!entry?.row) return null;
  const at = entry.path.split('/').findIndex((segment) => dynamicSegment.test(segment));
  const segments = path.split('/');
  const parent = entry.row.backTo ?? (segments.slice(0, at).join('/') || '/');
  return { row: entry.row, key: segments[at] ?? '', parent };
}

/** `/de/account/x` → `{ locale: 'de', path: '/account/x' }`; a path without a locale prefix comes back whole. */
export function splitLocale(pathname: string): { locale?: Locale; path: string } {
  const first = pathname.split('/', 2)[1];
  if (!isLocale(first)) return { path: pathname };
  return { locale: first, path: pathname.slice(first.length + 1) || '/' };
}

/**
 * When the middleware must run for a route: 'always' when the answer depends on the session or must not be stored;
 * 'signed-in' for a static page only signed-out visitors see, where it sends a signed-in visitor on: it runs only
 * for a request with the presence hint cookie, as nobody without one is signed in; 'never' for the other static pages.
 */
export function middlewareNeed(entry: RouteEntry): 'always' | 'signed-in' | 'never' {
  if (entry.caching === 'private' || entry.access === 'signed-in' || entry.access === 'second-factor')
    return 'always';
  return entry.access === 'signed-out' ? 'signed-in' : 'never';
}
