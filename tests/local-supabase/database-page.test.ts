import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authServerForFile } from './helpers.ts';

const APP = 'http://localhost:3000';
const project = mkdtempSync(path.join(os.tmpdir(), 'database-page-'));
mkdirSync(path.join(project, 'migrations'));
writeFileSync(
  path.join(project, 'migrations', '20260101000000_notes.sql'),
  `create table public.notes (
     id bigint generated always as identity primary key,
     owner uuid not null default auth.uid(),
     "<b>body</b>" text not null default '<script>alert(1)</script>'
   );
   alter table public.notes enable row level security;
   create policy "Owners read their <notes>" on public.notes for select to authenticated
     using (owner = (select auth.uid()));
   create policy "insert own" on public.notes as restrictive for insert to anon, authenticated
     with check (owner = auth.uid() and "<b>body</b>" <> '&amp;');
   create table public.open_table (id int);
   create view public.note_titles as select id from public.notes;
   create schema private;
   create table private.unexposed_table (id int);`,
);
afterAll(() => rmSync(project, { recursive: true, force: true }));

const srv = authServerForFile({ projectDir: project, configOverrides: { siteUrl: APP } });
const base = () => srv.get().mailboxUrl;

const page = async () => {
  const res = await fetch(`${base()}/database`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
};

describe('the database page', () => {
  it('lists the exposed schemas’ tables and views with their columns', async () => {
    const html = await page();
    expect(html).toContain('Schema <code>public</code>');
    expect(html).toContain(
      'Schema <code>graphql_public</code></h2><p>No tables or views yet: add a migration under <code>supabase/migrations</code>.</p>',
    );
    expect(html).toContain('<code>notes</code> <small>table</small>');
    expect(html).toContain('<code>note_titles</code> <small>view</small>');
    expect(html).toContain(
      '<tr><td><code>id</code></td><td><code>bigint</code></td><td>no</td><td></td></tr>',
    );
    expect(html).toContain('<td><code>uuid</code></td><td>no</td><td><code>auth.uid()</code></td>');
    expect(html).not.toContain('unexposed_table');
  });

  it('says whether row-level security is on and shows each policy', async () => {
    const html = await page();
    const notes = html.slice(html.indexOf('id="public.notes"'), html.indexOf('id="public.open_table"'));
    expect(notes).toContain('Row-level security: <strong>on</strong>.');
    expect(notes).toContain(
      '<tr><td>Owners read their &#60;notes&#62;</td><td>SELECT</td><td><code>authenticated</code></td><td>permissive</td><td><code>(owner = ( SELECT auth.uid() AS uid))</code></td><td></td></tr>',
    );
    expect(notes).toContain(
      '<tr><td>insert own</td><td>INSERT</td><td><code>anon</code>, <code>authenticated</code></td><td>restrictive</td><td></td>',
    );
    expect(notes).toContain('&#39;&#38;amp;&#39;');
    const open = html.slice(html.indexOf('id="public.open_table"'));
    expect(open).toContain('Row-level security: <strong>off</strong>.');
  });

  it('escapes every name, type, default and expression', async () => {
    const html = await page();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>body</b>');
    expect(html).not.toContain('<notes>');
    expect(html).toContain('<code>&#60;b&#62;body&#60;/b&#62;</code>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('cannot be framed, is readable from the app’s origins only, and answers no 500', async () => {
    const res = await fetch(`${base()}/database?schema=%00&x=<script>`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const app = await fetch(`${base()}/database`, { headers: { Origin: APP } });
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    for (const path of ['/database/', '/database/%00', '/database/..%2f', '/database/x']) {
      expect((await fetch(`${base()}${path}`)).status).toBeLessThan(500);
    }
    expect((await fetch(`${base()}/database`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the mailbox', () => {
  it('links the database page', async () => {
    expect(await (await fetch(base())).text()).toContain('<a href="/database">');
  });
});
