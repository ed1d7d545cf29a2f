import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/security.md claims that hold by what the code does not contain. Each check reads the source, so a change
// that adds the missing thing (a paste blocker, a seeded account, Math.random, a CORS header) breaks it.

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string, pattern = /\.(ts|tsx|sql|mjs)$/): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(dir, file));
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('docs/security.md, claims held by the source', () => {
  it('6.2.7: every password field names its autocomplete, and nothing blocks paste', () => {
    const components = sources('components', /\.tsx$/);
    const fields = components.flatMap((file) =>
      // The JSX element around each type="password": from its opening "<" to the next "/>" or ">".
      [...read(file).matchAll(/<[A-Za-z.]+\s[^<>]*?type="password"[^<>]*?\/?>/gs)].map((match) => ({
        file,
        element: match[0],
      })),
    );
    expect(fields.length).toBeGreaterThanOrEqual(4);
    for (const { file, element } of fields)
      expect(element, file).toMatch(/autoComplete=(\{[^}]+\}|"(current-password|new-password)")/);
    for (const file of [...components, ...sources('lib')])
      expect(read(file), file).not.toMatch(/\bon(Paste|Copy|Cut)\b|addEventListener\(\s*['"]paste/);
  });

  it('6.3.2: no migration or seed creates an account', () => {
    for (const file of sources('supabase', /\.sql$/))
      expect(read(file), file).not.toMatch(/insert\s+into\s+auth\.(users|identities)\b/i);
  });

  it('6.5.3: codes and secrets come from node:crypto or Web Crypto, never Math.random', () => {
    for (const file of [...sources('local-supabase/src'), ...sources('lib'), ...sources('app')])
      expect(read(file), file).not.toMatch(/Math\.random\(/);
  });

  it('3.4.2: the app sends no Access-Control-Allow-Origin', () => {
    for (const file of [
      ...sources('app'),
      ...sources('lib'),
      'middleware.ts',
      'next.config.mjs',
      'scripts/start.ts',
    ])
      expect(read(file), file).not.toMatch(/access-control-allow-origin/i);
  });
});
