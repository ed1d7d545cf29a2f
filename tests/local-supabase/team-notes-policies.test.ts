import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, anonClient, authServerForFile } from './helpers';
import { joinTeam, newTeam, type TeamUser, teamUser } from './team-note-helpers';

// The notes example's team notes (supabase/migrations/*_team_notes.sql) through supabase-js: a team's members read
// and add its notes; the author, the team's admins and its owners change and delete them; nobody outside reads
// them; personal notes stay their author's alone, whatever team they share.

const server = authServerForFile();

const user = () => teamUser(server.get());
const admin = () => adminClient(server.get());

async function add(author: TeamUser, title: string, teamId: string | null = null): Promise<string> {
  const { data, error } = await author.client
    .from('notes')
    .insert({ title, team_id: teamId })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

async function noteRow(id: string) {
  const { data } = await admin()
    .from('notes')
    .select('title, body, team_id, user_id')
    .eq('id', id)
    .maybeSingle();
  return data;
}

const titles = async (each: TeamUser) =>
  ((await each.client.from('notes').select('title').order('title')).data ?? []).map((n) => n.title as string);

let owner: TeamUser, teamAdmin: TeamUser, member: TeamUser, outsider: TeamUser;
let teamId: string;
beforeAll(async () => {
  [owner, teamAdmin, member, outsider] = await Promise.all([user(), user(), user(), user()]);
  teamId = await newTeam(owner, 'Notes team');
  await joinTeam(owner, teamId, teamAdmin, 'admin');
  await joinTeam(owner, teamId, member, 'member');
});

describe('team notes: reading and adding', () => {
  it('members read the team’s notes and their own; nobody reads another’s personal notes', async () => {
    await add(member, 'Team agenda', teamId);
    await add(member, 'Member diary');
    await add(owner, 'Owner diary');
    await add(outsider, 'Outsider diary');
    expect(await titles(owner)).toEqual(['Owner diary', 'Team agenda']);
    expect(await titles(teamAdmin)).toEqual(['Team agenda']);
    expect(await titles(member)).toEqual(['Member diary', 'Team agenda']);
    expect(await titles(outsider)).toEqual(['Outsider diary']);
    const team = await owner.client.from('notes').select('title').eq('team_id', teamId);
    expect(team.data).toEqual([{ title: 'Team agenda' }]);
  });

  it('someone outside the team adds nothing to it, and anon reads and writes nothing', async () => {
    const planted = await outsider.client.from('notes').insert({ title: 'Planted', team_id: teamId });
    expect(planted.error?.code).toBe('42501');
    const anon = anonClient(server.get());
    expect((await anon.from('notes').select('id')).error?.code).toBe('42501');
    expect((await anon.from('notes').insert({ title: 'Anon', team_id: teamId })).error?.code).toBe('42501');
    const { count } = await admin()
      .from('notes')
      .select('id', { count: 'exact', head: true })
      .eq('team_id', teamId)
      .eq('title', 'Planted');
    expect(count).toBe(0);
  });

  it('a team note is written as its author, never for someone else', async () => {
    const forged = await member.client
      .from('notes')
      .insert({ title: 'Forged', team_id: teamId, user_id: owner.id });
    expect(forged.error?.code).toBe('42501');
  });
});

describe('team notes: changing and deleting', () => {
  it('the author, an admin and an owner change a team note; another member and outsiders do not', async () => {
    const id = await add(member, 'Shared plan', teamId);
    for (const [each, body] of [
      [member, 'by the author'],
      [teamAdmin, 'by an admin'],
      [owner, 'by the owner'],
    ] as const) {
      const update = await each.client.from('notes').update({ body }).eq('id', id).select('body');
      expect(update).toMatchObject({ data: [{ body }], error: null });
    }
    const adminsNote = await add(teamAdmin, 'Admin plan', teamId);
    for (const each of [member, outsider]) {
      const update = await each.client
        .from('notes')
        .update({ title: 'Taken' })
        .eq('id', adminsNote)
        .select('id');
      expect(update).toMatchObject({ data: [], error: null });
      const removal = await each.client.from('notes').delete().eq('id', adminsNote).select('id');
      expect(removal).toMatchObject({ data: [], error: null });
    }
    expect(await noteRow(adminsNote)).toMatchObject({
      title: 'Admin plan',
      user_id: teamAdmin.id,
      team_id: teamId,
    });
  });

  it('a team note never leaves its team', async () => {
    const id = await add(member, 'Stays', teamId);
    const moved = await member.client.from('notes').update({ team_id: null }).eq('id', id);
    expect(moved.error?.code).toBe('42501');
    expect(await noteRow(id)).toMatchObject({ team_id: teamId });
  });

  it('admins and owners delete members’ team notes, not their personal notes', async () => {
    const teamNote = await add(member, 'To delete', teamId);
    const diary = await add(member, 'Private');
    for (const each of [teamAdmin, owner]) {
      const update = await each.client.from('notes').update({ title: 'Read' }).eq('id', diary).select('id');
      expect(update).toMatchObject({ data: [], error: null });
      expect(await each.client.from('notes').delete().eq('id', diary).select('id')).toMatchObject({
        data: [],
      });
    }
    expect(await noteRow(diary)).toMatchObject({ title: 'Private', team_id: null });
    const removal = await teamAdmin.client.from('notes').delete().eq('id', teamNote).select('id');
    expect(removal).toMatchObject({ data: [{ id: teamNote }], error: null });
  });

  it('a removed member loses the team’s notes, hers included, and keeps her own', async () => {
    const leaver = await user();
    await joinTeam(owner, teamId, leaver, 'member');
    const written = await add(leaver, 'Before leaving', teamId);
    await add(leaver, 'Leaver diary');
    const removal = await owner.client
      .from('team_members')
      .delete()
      .eq('team_id', teamId)
      .eq('user_id', leaver.id);
    expect(removal.error).toBeNull();
    expect(await titles(leaver)).toEqual(['Leaver diary']);
    const update = await leaver.client
      .from('notes')
      .update({ title: 'After' })
      .eq('id', written)
      .select('id');
    expect(update).toMatchObject({ data: [], error: null });
    expect((await leaver.client.from('notes').insert({ title: 'Late', team_id: teamId })).error?.code).toBe(
      '42501',
    );
    expect(await noteRow(written)).toMatchObject({ title: 'Before leaving', team_id: teamId });
  });
});

describe('team notes: the end of a team', () => {
  it('deleting the team deletes its notes and nothing else', async () => {
    const [first, second] = await Promise.all([user(), user()]);
    const team = await newTeam(first, 'Notes team');
    await joinTeam(first, team, second, 'member');
    const teamNote = await add(second, 'Goes', team);
    const diary = await add(second, 'Stays');
    expect((await first.client.from('teams').delete().eq('id', team).select('id')).data).toEqual([
      { id: team },
    ]);
    expect(await noteRow(teamNote)).toBeNull();
    expect(await noteRow(diary)).toMatchObject({ title: 'Stays' });
  });

  it('a team whose last member deletes their account goes with its notes', async () => {
    const alone = await user();
    const team = await newTeam(alone, 'Notes team');
    const teamNote = await add(alone, 'Alone', team);
    expect((await admin().auth.admin.deleteUser(alone.id)).error).toBeNull();
    expect(await noteRow(teamNote)).toBeNull();
    expect((await admin().from('teams').select('id').eq('id', team)).data).toEqual([]);
  });
});
