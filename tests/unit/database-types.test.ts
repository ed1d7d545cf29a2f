import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TYPES_FILE, projectTypes } from '../../local-supabase/src/db/project-types.ts';

const root = path.resolve('.');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('lib/supabase/database.types.ts', () => {
  it('is what supabase/migrations generate', async () => {
    const committed = readFileSync(path.join(root, TYPES_FILE), 'utf8');
    expect(await projectTypes(root), 'the database types are stale: run npm run db:types').toBe(committed);
  }, 60_000);

  it('follows the migrations, applied in name order', async () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'db-types-'));
    dirs.push(project);
    mkdirSync(path.join(project, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'config.toml'), '[api]\nschemas = ["public"]\n');
    const migration = (name: string, sql: string) =>
      writeFileSync(path.join(project, 'supabase', 'migrations', name), sql);
    migration('20260101000000_notes.sql', 'create table notes (id bigint primary key, body text not null);');
    migration(
      '20260102000000_title.sql',
      'alter table notes add column title text; create index on notes (title);',
    );
    const types = await projectTypes(project);
    expect(types).toContain(
      '"notes": {\n                  Row: {\n                    "body": string,"id": number,"title": string | null\n',
    );
    expect(types).not.toContain('graphql_public');
  }, 60_000);
});
