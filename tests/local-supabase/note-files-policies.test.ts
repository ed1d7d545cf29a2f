import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, anonClient, authServerForFile } from './helpers';
import { joinTeam, newTeam, type TeamUser, teamUser } from './team-note-helpers';

// The notes example's attachments (bucket `note-files`, supabase/migrations/*_note_files.sql) through supabase-js:
// whoever reads a note reads its files; whoever may change it adds (up to 10) and removes them; nobody else, and
// no anonymous caller, reads or writes them.

const server = authServerForFile();

const user = () => teamUser(server.get());

async function note(author: TeamUser, teamId: string | null = null): Promise<string> {
  const { data, error } = await author.client
    .from('notes')
    .insert({ title: 'With files', team_id: teamId })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const files = (client: SupabaseClient) => client.storage.from('note-files');
const upload = (client: SupabaseClient, path: string) =>
  files(client).upload(path, png, { contentType: 'image/png' });

let alice: TeamUser;
let bob: TeamUser;
let carol: TeamUser;
let dave: TeamUser;

beforeAll(async () => {
  [alice, bob, carol, dave] = await Promise.all([user(), user(), user(), user()]);
});

describe('the note-files bucket and its policies', () => {
  it('is created from config.toml: private, 10 MiB, images and PDFs', async () => {
    const { data } = await adminClient(server.get()).storage.getBucket('note-files');
    expect(data).toMatchObject({ public: false, file_size_limit: 10 * 1024 * 1024 });
    expect(data!.allowed_mime_types).toEqual(expect.arrayContaining(['image/png', 'application/pdf']));
    expect(data!.allowed_mime_types).not.toContain('image/svg+xml');
  });

  it('lets the author of a personal note add, read and remove its files, and nobody else or anon', async () => {
    const id = await note(alice);
    expect((await upload(alice.client, `${id}/a.png`)).error).toBeNull();
    expect(
      (await files(alice.client).upload(`${id}/b.pdf`, pdf, { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const listed = await files(alice.client).list(id);
    expect(listed.data!.map((f) => f.name).sort()).toEqual(['a.png', 'b.pdf']);
    expect((await files(alice.client).download(`${id}/a.png`)).error).toBeNull();

    expect((await files(bob.client).list(id)).data).toEqual([]);
    expect((await files(bob.client).download(`${id}/a.png`)).error).toMatchObject({ statusCode: '404' });
    expect((await files(bob.client).createSignedUrl(`${id}/a.png`, 60)).error).not.toBeNull();
    expect((await upload(bob.client, `${id}/bob.png`)).error).toMatchObject({ statusCode: '403' });
    expect((await files(bob.client).remove([`${id}/a.png`])).data).toEqual([]);
    expect((await files(bob.client).createSignedUploadUrl(`${id}/bob2.png`)).error).not.toBeNull();

    const anon = anonClient(server.get());
    expect((await files(anon).download(`${id}/a.png`)).error).toMatchObject({ statusCode: '404' });
    expect((await upload(anon, `${id}/anon.png`)).error).not.toBeNull();
    expect((await files(anon).list(id)).data).toEqual([]);

    expect((await files(alice.client).remove([`${id}/a.png`])).data!.map((o) => o.name)).toEqual([
      `${id}/a.png`,
    ]);
  });

  it('refuses paths outside a note, another type and a file over 10 MiB', async () => {
    const id = await note(alice);
    expect((await upload(alice.client, `${alice.id}/x.png`)).error).toMatchObject({ statusCode: '403' });
    expect((await upload(alice.client, 'loose.png')).error).toMatchObject({ statusCode: '403' });
    expect((await upload(alice.client, 'not-a-uuid/x.png')).error).toMatchObject({ statusCode: '403' });
    const svg = await files(alice.client).upload(`${id}/a.svg`, '<svg/>', { contentType: 'image/svg+xml' });
    expect(svg.error).toMatchObject({ statusCode: '415' });
    const html = await files(alice.client).upload(`${id}/a.html`, '<p>', { contentType: 'text/html' });
    expect(html.error).toMatchObject({ statusCode: '415' });
    const big = await files(alice.client).upload(`${id}/big.pdf`, new Uint8Array(10 * 1024 * 1024 + 1), {
      contentType: 'application/pdf',
    });
    expect(big.error).toMatchObject({ statusCode: '413' });
  });

  it('takes at most 10 files per note, directly and through signed upload URLs', async () => {
    const id = await note(alice);
    for (let n = 0; n < 10; n++) expect((await upload(alice.client, `${id}/${n}.png`)).error).toBeNull();
    expect((await upload(alice.client, `${id}/10.png`)).error).toMatchObject({ statusCode: '403' });
    expect((await files(alice.client).createSignedUploadUrl(`${id}/11.png`)).error).not.toBeNull();
    await files(alice.client).remove([`${id}/0.png`]);
    expect((await files(alice.client).createSignedUploadUrl(`${id}/11.png`)).error).toBeNull();
  });

  it('lets a signed upload URL issued to the author take the file without a session', async () => {
    const id = await note(alice);
    const signed = await files(alice.client).createSignedUploadUrl(`${id}/signed.png`);
    expect(signed.error).toBeNull();
    const put = await fetch(signed.data!.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    expect(put.status).toBe(200);
    const info = await files(alice.client).list(id);
    expect(info.data!.map((f) => [f.name, f.metadata?.mimetype])).toEqual([['signed.png', 'image/png']]);
  });

  it('shows a team note’s files to its members; the author and the team’s admins add and remove them', async () => {
    const teamId = await newTeam(alice, 'Files team');
    await joinTeam(alice, teamId, bob, 'member');
    await joinTeam(alice, teamId, carol, 'admin');
    const bobs = await note(bob, teamId);
    expect((await upload(bob.client, `${bobs}/by-bob.png`)).error).toBeNull();
    // Members read.
    for (const reader of [alice, carol])
      expect((await files(reader.client).download(`${bobs}/by-bob.png`)).error).toBeNull();
    // Outsiders and anon do not.
    expect((await files(dave.client).download(`${bobs}/by-bob.png`)).error).toMatchObject({
      statusCode: '404',
    });
    expect((await files(anonClient(server.get())).download(`${bobs}/by-bob.png`)).error).toMatchObject({
      statusCode: '404',
    });
    expect((await upload(dave.client, `${bobs}/dave.png`)).error).toMatchObject({ statusCode: '403' });

    // A plain member cannot change another member's note, so neither adds to nor removes its files.
    const alices = await note(alice, teamId);
    expect((await upload(bob.client, `${alices}/bob.png`)).error).toMatchObject({ statusCode: '403' });
    expect((await upload(alice.client, `${alices}/alice.png`)).error).toBeNull();
    expect((await files(bob.client).remove([`${alices}/alice.png`])).data).toEqual([]);
    // An admin does.
    expect((await upload(carol.client, `${bobs}/by-carol.png`)).error).toBeNull();
    expect((await files(carol.client).remove([`${bobs}/by-bob.png`])).data).toHaveLength(1);
  });

  it('lets whoever deletes a note remove its files first, and leaves none readable after', async () => {
    const id = await note(alice);
    await upload(alice.client, `${id}/one.png`);
    await upload(alice.client, `${id}/two.png`);
    const listed = await files(alice.client).list(id);
    const removed = await files(alice.client).remove(listed.data!.map((f) => `${id}/${f.name}`));
    expect(removed.data).toHaveLength(2);
    expect((await alice.client.from('notes').delete().eq('id', id).select('id')).data).toHaveLength(1);
    const left = await adminClient(server.get()).storage.from('note-files').list(id);
    expect(left.data).toEqual([]);
  });
});
