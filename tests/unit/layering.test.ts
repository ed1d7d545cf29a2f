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
    expect(files.sort()).toEqual(['admin.ts', 'config.ts', 'edge.ts', 'server.ts']);
  });

  // Client factories know Supabase and Next, never the app's policy (lib/auth, lib/session, i18n, …):
  // the dependency runs from policy to clients, never back.
  it.each(files)('%s imports only packages and its siblings', (name) => {
    const specifiers = importsOf(`lib/supabase/${name}`);
    if (name !== 'config.ts') expect(specifiers).toContain('./config');
    for (const specifier of specifiers) {
      expect(specifier.startsWith('@/') || specifier.startsWith('../'), `${name} imports ${specifier}`).toBe(false);
    }
  });
});
