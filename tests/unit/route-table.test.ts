import { readdirSync, readFileSync } from 'node:fs';
import en from '@/messages/en.json';
import { describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import sitemap from '@/app/sitemap';
import { locales } from '@/i18n/locales';
import { offlineRoute } from '@/lib/pwa/offline-pages';
import { findRoute, rowOf, routeTable, splitLocale } from '@/lib/routes/route-table';
import { pageMetadata } from '@/lib/seo/page-metadata';

/** Route paths under app/[locale]/ (pages and route handlers, dynamic ones as `/notes/[id]`), without file routes. */
function appRoutes(dir = 'app/[locale]', prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && /^(page|route)\.tsx?$/.test(entry.name)) found.push(prefix || '/');
    // Names with a dot (manifest.webmanifest) are files, not pages.
    if (entry.isDirectory() && !entry.name.includes('.')) {
      found.push(...appRoutes(`${dir}/${entry.name}`, `${prefix}/${entry.name}`));
    }
  }
  return found;
}

describe('route table', () => {
  it('declares every route under app/[locale] once', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(findRoute(route), route).toBeDefined();
    const paths = routeTable.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    // No entry without a route behind it (a subtree entry needs at least one route below it).
    for (const { path } of routeTable)
      expect(
        routes.some((route) => findRoute(route)?.path === path),
        path,
      ).toBe(true);
  });

  it('never lets the service worker store a private or signed-in route', () => {
    for (const entry of routeTable) {
      const access: string = entry.access;
      if (entry.caching === 'private' || access === 'signed-in' || access === 'second-factor')
        expect(entry.worker, entry.path).toBe('network');
    }
    expect(findRoute(offlineRoute)?.worker).toBe('precache');
  });

  it('keeps offline copies only of static pages anyone signed out may see', () => {
    const kept = routeTable.filter((entry) => entry.worker === 'offline-copy');
    expect(kept.map((entry) => entry.path)).toContain('/');
    for (const entry of kept) {
      expect(entry.caching, entry.path).toBe('static');
      expect(['anyone', 'signed-out'], entry.path).toContain(entry.access);
    }
  });

  it('lists only static pages in the sitemap, never a signed-in one', () => {
    for (const entry of routeTable.filter((e) => e.search === 'listed')) {
      expect(entry.caching, entry.path).toBe('static');
      expect(['anyone', 'signed-out'], entry.path).toContain(entry.access);
    }
  });

  it('has no catch-all under app/[locale]: a path of no route must reach the global not-found page', () => {
    const catchAlls = readdirSync('app/[locale]', { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\[\[?\.\.\./.test(file),
    );
    expect(catchAlls).toEqual([]);
  });

  // example:notes start
  it('matches a dynamic segment with one segment, after the named routes beside it', () => {
    expect(findRoute('/notes/new')?.path).toBe('/notes/new');
    expect(findRoute('/notes/3f1c0a52-5d1e-4f39-9a47-0a8f3b8f2d11')?.path).toBe('/notes/[id]');
    expect(findRoute('/notes/not-a-uuid')?.path).toBe('/notes/[id]');
    expect(findRoute('/notes/a/b')?.path).toBe('/notes');
    expect(rowOf('/notes/abc')).toMatchObject({ key: 'abc', parent: '/notes', row: { table: 'notes' } });
    expect(rowOf('/notes/new')).toBeNull();
    expect(rowOf('/notes')).toBeNull();
  });
  // example:notes end

  it('names the words of a missing row that every language has', () => {
    const rows = routeTable.flatMap((entry) => {
      const { row } = entry as { row?: { missing: string; back: string } };
      return row ? [row] : [];
    });
    expect(rows.length).toBeGreaterThan(0); // example:notes
    for (const { missing, back } of rows)
      for (const key of [missing, back]) {
        const [namespace, name] = key.split('.') as [string, string];
        expect((en as Record<string, Record<string, unknown>>)[namespace]?.[name], key).toEqual(
          expect.any(String),
        );
      }
  });

  it('finds subtrees and exact routes, and splits off a locale prefix', () => {
    expect(findRoute('/account/security')?.path).toBe('/account');
    expect(findRoute('/accounting')).toBeUndefined();
    expect(findRoute('/sign-in/email-link')?.access).toBe('anyone');
    expect(findRoute('/sign-in/other')).toBeUndefined();
    expect(findRoute('/sign-in/verify')?.access).toBe('second-factor');
    expect(findRoute('/sign-in/verify/x')).toBeUndefined();
    expect(splitLocale('/de/account/x')).toEqual({ locale: 'de', path: '/account/x' });
    expect(splitLocale('/ar')).toEqual({ locale: 'ar', path: '/' });
    expect(splitLocale('/it/x')).toEqual({ path: '/it/x' });
  });
});

/** Pages under app/[locale]/ (page.tsx and the benchmark's page.bench.tsx, dynamic ones too): path → file. */
function appPages(): Map<string, string> {
  return new Map(
    readdirSync('app/[locale]', { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)page(\.bench)?\.tsx$/.test(file))
      .map((file) => [`/${file.replace(/\/?page(\.bench)?\.tsx$/, '')}`, `app/[locale]/${file}`]),
  );
}

/**
 * The path as a page writes it: `'/account'`, or for a dynamic page a template with each parameter filled in
 * (`\`/notes/${id}\``).
 */
function pathLiteral(path: string): string {
  const escaped = path.replace(/[.*+?^${}()|\\]/g, '\\$&');
  if (!path.includes('[')) return `'${escaped}'`;
  return `\`${escaped.replace(/\[\w+\]/g, '\\$\\{[^}]+\\}')}\``;
}

describe('pages and their entries', () => {
  const pages = [...appPages()];

  it('has a page for every entry and an entry for every page', () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const [path] of pages) expect(findRoute(path), path).toBeDefined();
    for (const { path } of routeTable)
      expect(
        pages.some(([page]) => findRoute(page)?.path === path),
        path,
      ).toBe(true);
  });

  // Robots come from the entry (pageMetadata); a page that writes its own could contradict robots.txt.
  it.each(pages)('%s takes its metadata from its entry', (path, file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).toMatch(
      new RegExp(`\\b(pageMetadata\\(|publicPageMetadata\\('\\w+', )${pathLiteral(path)}`),
    );
    expect(source).not.toMatch(/\brobots\s*:/);
  });

  it.each(pages)('%s guards itself exactly when its entry needs a session', (path, file) => {
    const source = readFileSync(file, 'utf8');
    const access = findRoute(path)?.access;
    if (access === 'signed-in' || access === 'second-factor') {
      expect(source).toMatch(new RegExp(`privatePage\\(${pathLiteral(path)}[,)]`));
    } else {
      expect(source).not.toContain('privatePage(');
    }
  });

  it('derives robots from the entry: listed pages indexed, private ones nofollow too', () => {
    expect(pageMetadata('/sign-in', { title: 'x' })).toEqual({ title: 'x' });
    expect(pageMetadata('/auth/error', {}).robots).toEqual({ index: false });
    expect(pageMetadata('/sign-in/verify', {}).robots).toEqual({ index: false });
    expect(pageMetadata('/account', {}).robots).toEqual({ index: false, follow: false });
  });
});

describe('sitemap and robots.txt', () => {
  it('list the listed routes in every language and disallow the disallowed ones', () => {
    const urls = sitemap().map((entry) => new URL(entry.url).pathname);
    const listed = routeTable.filter((e) => e.search === 'listed');
    expect(urls).toHaveLength(listed.length * locales.length);
    expect(urls).toContain('/de');
    expect(urls).toContain('/ja/forgot-password');
    expect(urls).not.toContain('/en/account');
    const rules = robots().rules;
    const disallow = [(Array.isArray(rules) ? rules[0]?.disallow : rules.disallow) ?? []].flat();
    expect(disallow).toContain('/api/');
    expect(disallow).toContain('/*/account');
    // Read as crawlers read the rules (a prefix, `*` any text), each entry's pages are disallowed exactly when the
    // entry says so, in every language, and no rule is there for nothing: a page added to the table needs no line here.
    const blocks = (rule: string, url: string) =>
      new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}`).test(url);
    const sample = (path: string) => path.replace(/\[\w+\]/g, '00000000-0000-4000-8000-000000000000');
    for (const { path, search } of routeTable)
      for (const locale of locales) {
        const url = `/${locale}${path === '/' ? '' : sample(path)}`;
        expect(
          disallow.some((rule) => blocks(rule, url)),
          url,
        ).toBe(search === 'disallowed');
      }
    for (const rule of disallow.filter((rule) => rule !== '/api/'))
      expect(
        routeTable.some(({ path }) => blocks(rule, `/en${sample(path)}`)),
        rule,
      ).toBe(true);
  });
});
