import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { marker } from '@/scripts/example-remove';

/** Every module specifier a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
}

/** Source files under a folder (not tests, not the auth server). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => `${entry.parentPath}/${entry.name}`);
}

// lib/'s folders from the bottom up: a folder imports only from folders on lower rows, so nothing reaches up and
// no two folders can import each other. Folders on one row are independent of each other. `lib` is the files
// directly in lib/.
const layers = [
  ['lib', 'lib/env'],
  ['lib/supabase', 'lib/layout', 'lib/theme', 'lib/analytics'],
  ['lib/http'],
  ['lib/routes', 'lib/forms', 'lib/consent'],
  ['lib/log', 'lib/pwa', 'lib/seo'],
  ['lib/session', 'lib/mail'],
  ['lib/guard', 'lib/security'],
  ['lib/auth'],
  ['lib/auth/actions', 'lib/account-sessions', 'lib/avatars'],
  ['lib/teams'],
  ['lib/notes'], // example:notes
] as const;

const rank = new Map<string, number>(layers.flatMap((row, index) => row.map((folder) => [folder, index])));

/** The lib folder a specifier points into, or undefined for a package or a module outside lib/. */
function targetFolder(file: string, specifier: string): string | undefined {
  const path = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? normalize(join(dirname(file), specifier))
      : undefined;
  return path?.startsWith('lib/') ? dirname(path) : undefined;
}

/** Imports between different lib folders: [from folder, to folder, file, specifier]. */
function crossFolderImports(): [string, string, string, string][] {
  return sourceFiles('lib').flatMap((file) =>
    importsOf(file).flatMap((specifier) => {
      const to = targetFolder(file, specifier);
      const from = dirname(file);
      return to && to !== from ? [[from, to, file, specifier] as [string, string, string, string]] : [];
    }),
  );
}

/**
 * The notes example's seams into the foundation: an import of lib/notes on a line that ends in its marker, which
 * `npm run example:remove` deletes with the blocks that use it (its `--check` in CI builds and tests the foundation
 * without them). Deleting a team or an account removes its notes' files that way.
 */
function exampleSeam(file: string, specifier: string, to: string): boolean {
  if (to !== 'lib/notes') return false;
  return readFileSync(file, 'utf8')
    .split('\n')
    .some((line) => line.includes(`'${specifier}'`) && line.trimEnd().endsWith(`// ${marker}`));
}

describe('lib/ layers', () => {
  it('names every folder of lib/ once', () => {
    const folders = new Set(sourceFiles('lib').map((file) => dirname(file)));
    expect([...folders].sort()).toEqual([...rank.keys()].sort());
    expect(rank.size).toBe(layers.flat().length);
  });

  it('imports only downwards, so no two folders depend on each other', () => {
    const upward = crossFolderImports()
      .filter(([, to, file, specifier]) => !exampleSeam(file, specifier, to))
      .filter(([from, to]) => (rank.get(to) ?? Infinity) >= (rank.get(from) ?? -Infinity))
      .map(([from, to, file, specifier]) => `${file} (${from}) imports ${specifier} (${to})`);
    expect(upward).toEqual([]);
  });

  it('never imports the app, its components or the auth server', () => {
    for (const file of sourceFiles('lib')) {
      for (const specifier of importsOf(file)) {
        expect(specifier, file).not.toMatch(/^@\/(app|components|local-supabase)\//);
      }
    }
  });
});

describe('lib/supabase/', () => {
  const files = readdirSync('lib/supabase').filter((name) => /\.tsx?$/.test(name));

  it('holds the client factories by runtime, their configuration and the generated Database type', () => {
    expect(files.sort()).toEqual([
      'admin.ts',
      'auth-fetch.ts',
      'config.ts',
      'cookie-encoding.ts',
      'database.types.ts',
      'edge.ts',
      'server.ts',
    ]);
  });

  // Client factories know Supabase, Next and the environment, never the app's policy (lib/auth, lib/session, i18n,
  // …): the dependency runs from policy to clients, never back.
  it.each(files)('%s imports only packages, the environment and its siblings', (name) => {
    const specifiers = importsOf(`lib/supabase/${name}`);
    if (!['config.ts', 'auth-fetch.ts', 'cookie-encoding.ts', 'database.types.ts'].includes(name))
      expect(specifiers).toContain('./config');
    for (const specifier of specifiers.filter((specifier) => specifier !== '@/lib/env/env')) {
      expect(specifier.startsWith('@/') || specifier.startsWith('../'), `${name} imports ${specifier}`).toBe(
        false,
      );
    }
  });
});

describe('lib/supabase/cookie-encoding.ts', () => {
  it('imports nothing, so the bench (plain Node, no `@/` paths) signs in with the app’s cookie encoding', () => {
    expect(importsOf('lib/supabase/cookie-encoding.ts')).toEqual([]);
    expect(importsOf('bench/lib/auth/signed-in-session.ts')).toContain(
      '../../../lib/supabase/cookie-encoding.ts',
    );
  });
});

describe('the presence hint', () => {
  it('is named in one place and written in one: syncPresenceHint in lib/session/presence-hint.ts', () => {
    const files = [
      ...sourceFiles('app'),
      ...sourceFiles('components'),
      ...sourceFiles('lib'),
      'middleware.ts',
    ];
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      // Next reads the middleware's matcher as a literal at build time; middleware-matcher.test.ts checks that copy
      // against PRESENCE_HINT_COOKIE. Nowhere else may name the cookie.
      const literal = source.replace(/^export const config = \{[\s\S]*?^\};$/m, '');
      if (file !== 'lib/session/types.ts') expect(literal, file).not.toContain("'polyglot-session'");
      if (file === 'lib/session/presence-hint.ts') continue;
      expect(source, file).not.toMatch(/\.(set|delete)\(\s*PRESENCE_HINT_COOKIE/);
    }
  });
});

// example:notes start
describe('the notes example', () => {
  // It stands alone, so it can be removed (scripts/example-remove.ts) and copied for a new feature: it reaches the
  // rest of the app only through shared layers (the guard, forms, log, session, routes, i18n, UI), never through
  // another feature's folders.
  const featureFolders = /^@\/(lib\/auth|lib\/account-sessions|components\/auth|components\/account)(\/|$)/;
  it.each(['lib/notes', 'components/notes', 'app/[locale]/notes'])('%s imports no other feature', (dir) => {
    for (const file of sourceFiles(dir))
      for (const specifier of importsOf(file)) expect(specifier, file).not.toMatch(featureFolders);
  });
});
// example:notes end
