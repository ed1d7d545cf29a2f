import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every module specifier a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
}

describe('lib/supabase/', () => {
  const files = readdirSync('lib/supabase').filter((name) => /\.tsx?$/.test(name));

  it('holds the client factories by runtime and their configuration', () => {
    expect(files.sort()).toEqual(['admin.ts', 'auth-fetch.ts', 'config.ts', 'edge.ts', 'server.ts']);
  });

  // Client factories know Supabase and Next, never the app's policy (lib/auth, lib/session, i18n, …):
  // the dependency runs from policy to clients, never back.
  it.each(files)('%s imports only packages and its siblings', (name) => {
    const specifiers = importsOf(`lib/supabase/${name}`);
    if (name !== 'config.ts' && name !== 'auth-fetch.ts') expect(specifiers).toContain('./config');
    for (const specifier of specifiers) {
      expect(specifier.startsWith('@/') || specifier.startsWith('../'), `${name} imports ${specifier}`).toBe(
        false,
      );
    }
  });
});

describe('the presence hint', () => {
  /** Source files of the app (not tests, not the auth server). */
  function appFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => `${entry.parentPath}/${entry.name}`);
  }

  it('is named in one place and written in one: syncPresenceHint in lib/session/presence-hint.ts', () => {
    const files = [...appFiles('app'), ...appFiles('components'), ...appFiles('lib'), 'middleware.ts'];
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      if (file !== 'lib/session/types.ts') expect(source, file).not.toContain("'polyglot-session'");
      if (file === 'lib/session/presence-hint.ts') continue;
      expect(source, file).not.toMatch(/\.(set|delete)\(\s*PRESENCE_HINT_COOKIE/);
    }
  });
});
