import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('local-supabase/src');

/** The layers of local-supabase/README.md: a module may use its own layer and those below, never one above. */
const RANK: Record<string, number> = {
  'main.ts': 6,
  'server.ts': 6,
  http: 5,
  'auth/api': 4,
  rest: 4,
  storage: 4,
  'auth/rules': 3,
  'auth/store': 2,
  mail: 2,
  db: 1,
  crypto: 1,
  config: 1,
  'errors.ts': 0,
  'body-text.ts': 0,
};

/** The first path segment, or the first two inside an area (auth/) that has layers of its own. */
const layerOf = (file: string) => {
  const [first, second] = path.relative(SRC, file).split(path.sep);
  return first === 'auth' ? `auth/${second}` : first!;
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? modules(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports that load code at run time (`import type` and `import { type X }` only lists are left out). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import (?!type )([^;]*?) from '(\.[^']+)';/gms)]
    .filter(
      ([, names]) =>
        !/^\{[^}]*\}$/s.test(names!.trim()) ||
        names!
          .replace(/[{}\s]/g, '')
          .split(',')
          .some((n) => n && !n.startsWith('type')),
    )
    .map(([, , spec]) => path.resolve(path.dirname(file), spec!));
}

describe('auth server layers', () => {
  it('no module imports code from a layer above its own (app.ts is types only)', () => {
    const upward: string[] = [];
    for (const file of modules(SRC)) {
      const layer = layerOf(file);
      if (layer === 'app.ts') {
        expect(valueImports(file)).toEqual([]);
        continue;
      }
      for (const target of valueImports(file)) {
        const targetLayer = layerOf(target);
        if (targetLayer === 'app.ts' || RANK[targetLayer]! > RANK[layer]!)
          upward.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('ranks every folder and top-level module', () => {
    const names = readdirSync(SRC).flatMap((name) =>
      name === 'auth' ? readdirSync(path.join(SRC, name)).map((inner) => `auth/${inner}`) : [name],
    );
    const unranked = names.filter((name) => name !== 'app.ts' && !(name in RANK));
    expect(unranked).toEqual([]);
  });
});

/** The Data API's stages in PostgREST's order; the schema cache and errors serve them all. */
const REST_STAGES: Record<string, number> = {
  'errors.ts': 0,
  'schema-cache': 0,
  request: 1,
  plan: 2,
  query: 3,
  transaction: 4,
  response: 5,
  'handler.ts': 6,
};

describe('the Data API stages', () => {
  it('a request walks forward: no stage imports code from a later one', () => {
    const REST = path.join(SRC, 'rest');
    const stageOf = (file: string) => path.relative(REST, file).split(path.sep)[0]!;
    expect(readdirSync(REST).filter((name) => !(name in REST_STAGES))).toEqual([]);
    const backward: string[] = [];
    for (const file of modules(REST)) {
      for (const target of valueImports(file)) {
        if (!target.startsWith(REST + path.sep)) continue;
        if (REST_STAGES[stageOf(target)]! > REST_STAGES[stageOf(file)]!)
          backward.push(`${path.relative(REST, file)} → ${path.relative(REST, target)}`);
      }
    }
    expect(backward).toEqual([]);
  });
});
