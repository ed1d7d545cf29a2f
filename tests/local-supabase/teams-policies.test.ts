import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { adminClient, anonClient, authServerForFile, PASSWORD, signedInUser, uniqueEmail } from './helpers';

// Teams (supabase/migrations/*_teams.sql) through supabase-js, as the app and hosted Supabase use them: every table
// and command for an owner, an admin, a member, someone outside the team and anon; the rules the database keeps
// (last owner, no self-promotion, admins never touch owners, transfer); invitations accepted only by their
// confirmed address, once, in time, unless revoked or declined; the sending limits; and the account-deletion rule.
// Every refusal is the database's own, and the row it would have changed is read back unchanged with the secret key.

// Anonymous sign-ins on: a guest given an address by an admin, unconfirmed, is a live session with an unconfirmed
// address, as GoTrue makes one.
const server = authServerForFile({ configOverrides: { enableAnonymousSignIns: true } });

interface User {
  id: string;
  email: string;
  client: SupabaseClient;
}

async function user(metadata: Record<string, unknown> = {}): Promise<User> {
  const made = await signedInUser(server.get(), metadata);
  return { id: made.userId, email: made.email, client: made.client };
}

const admin = () => adminClient(server.get());
const anon = () => anonClient(server.get());
let slugs = 0;

interface Team {
  id: string;
  slug: string;
  name: string;
}

async function newTeam(owner: User, name = 'Acme'): Promise<Team> {
  const slug = `team-${Date.now().toString(36)}-${++slugs}`;
  const { data, error } = await owner.client.rpc('create_team', { p_slug: slug, p_name: name });
  expect(error).toBeNull();
  const { id, slug: made, name: named } = data as Team & { created_at: string };
  expect(made).toBe(slug);
  return { id, slug: made, name: named };
}

interface Sent {
  invitation_id: string;
  token: string;
  locale: string;
}

async function invite(by: User, team: Team, email: string, role = 'member', locale = 'en'): Promise<Sent> {
  const { data, error } = await by.client.rpc('invite_to_team', {
    p_team_id: team.id,
    p_email: email,
    p_role: role,
    p_locale: locale,
  });
  expect(error).toBeNull();
  return (data as Sent[])[0]!;
}

async function join(owner: User, team: Team, member: User, role: string): Promise<void> {
  const { token } = await invite(owner, team, member.email, role);
  const { data, error } = await member.client.rpc('accept_team_invitation', { p_token: token });
  expect(error).toBeNull();
  expect(data).toBe(team.slug);
}

/** A rule's refusal: P0001 with the code as the message (PostgREST: HTTP 400). */
function refused(result: { error: unknown; status: number }, code: string) {
  expect(result.error).toMatchObject({ code: 'P0001', message: code });
  expect(result.status).toBe(400);
}

/** Runs `attempts` (each checking its own refusal) and reads `row` back with the secret key: it is as it was. */
async function unchanged<T>(row: () => Promise<T>, attempts: () => Promise<void>) {
  const before = await row();
  await attempts();
  expect(await row()).toEqual(before);
}

/** `by` sets `who`'s role in `team`, through the table as any client can. */
const setRole = (by: User, team: Team, who: User, role: string) =>
  by.client.from('team_members').update({ role }).eq('team_id', team.id).eq('user_id', who.id);

/** `by` removes `who` from `team` (themselves: leaving). */
const removeMember = (by: User, team: Team, who: User) =>
  by.client.from('team_members').delete().eq('team_id', team.id).eq('user_id', who.id);

async function members(team: Team) {
  const { data } = await admin()
    .from('team_members')
    .select('user_id, role')
    .eq('team_id', team.id)
    .order('user_id');
  return data;
}

async function invitationRow(id: string) {
  const { data } = await admin().from('team_invitations').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

async function teamRow(team: Team) {
  const { data } = await admin().from('teams').select('id, slug, name').eq('id', team.id).maybeSingle();
  return data;
}

describe('teams: every table and command, for each role and anon', () => {
  let owner: User, adminUser: User, member: User, outsider: User;
  let team: Team;
  let invitation: Sent;
  beforeAll(async () => {
    [owner, adminUser, member, outsider] = await Promise.all([
      user({ display_name: 'Ada Lovelace' }),
      user(),
      user(),
      user(),
    ]);
    team = await newTeam(owner, 'Matrix');
    await join(owner, team, adminUser, 'admin');
    await join(owner, team, member, 'member');
    invitation = await invite(owner, team, uniqueEmail('pending'));
  });

  it('teams, select: members see their team; outsiders nothing; anon is refused', async () => {
    for (const each of [owner, adminUser, member]) {
      const { data, error } = await each.client.from('teams').select('id, slug, name');
      expect(error).toBeNull();
      expect(data).toEqual([team]);
    }
    expect(await outsider.client.from('teams').select('id')).toMatchObject({ data: [], error: null });
    const read = await anon().from('teams').select('id');
    expect(read.error?.code).toBe('42501');
    expect(read.status).toBe(401);
  });

  it('teams, insert: nobody writes a team directly (create_team does)', async () => {
    for (const each of [owner, outsider]) {
      const insert = await each.client.from('teams').insert({ slug: `direct-${slugs++}`, name: 'Direct' });
      expect(insert.error?.code).toBe('42501');
    }
    expect((await anon().from('teams').insert({ slug: 'anon-team', name: 'Anon' })).error?.code).toBe(
      '42501',
    );
    expect((await anon().rpc('create_team', { p_slug: 'anon-team', p_name: 'Anon' })).error?.code).toBe(
      '42501',
    );
  });

  it('teams, update: owners and admins rename; members, outsiders and anon do not; the slug never changes', async () => {
    for (const [each, name] of [
      [owner, 'Renamed by owner'],
      [adminUser, 'Renamed by admin'],
    ] as const) {
      const update = await each.client.from('teams').update({ name }).eq('id', team.id).select('name');
      expect(update).toMatchObject({ data: [{ name }], error: null });
    }
    for (const each of [member, outsider]) {
      const update = await each.client.from('teams').update({ name: 'Taken' }).eq('id', team.id).select('id');
      expect(update).toMatchObject({ data: [], error: null });
    }
    expect((await anon().from('teams').update({ name: 'Anon' }).eq('id', team.id)).error?.code).toBe('42501');
    const slug = await owner.client.from('teams').update({ slug: 'new-slug' }).eq('id', team.id);
    expect(slug.error?.code).toBe('42501');
    const blank = await owner.client.from('teams').update({ name: ' ' }).eq('id', team.id);
    expect(blank.error?.code).toBe('23514');
    expect(await teamRow(team)).toEqual({ ...team, name: 'Renamed by admin' });
  });

  it('teams, delete: admins, members, outsiders and anon delete nothing', async () => {
    for (const each of [adminUser, member, outsider]) {
      const removal = await each.client.from('teams').delete().eq('id', team.id).select('id');
      expect(removal).toMatchObject({ data: [], error: null });
    }
    expect((await anon().from('teams').delete().eq('id', team.id)).error?.code).toBe('42501');
    expect(await teamRow(team)).not.toBeNull();
  });

  it('team_members, select: members see the team’s memberships; outsiders nothing; anon is refused', async () => {
    for (const each of [owner, adminUser, member]) {
      const { data } = await each.client.from('team_members').select('user_id, role').eq('team_id', team.id);
      expect(data).toHaveLength(3);
    }
    expect(await outsider.client.from('team_members').select('user_id')).toMatchObject({ data: [] });
    expect((await anon().from('team_members').select('user_id')).error?.code).toBe('42501');
    const list = await member.client.rpc('team_member_list', { p_team_id: team.id });
    expect(list.error).toBeNull();
    const listed = list.data as { email: string; display_name: string | null; role: string }[];
    expect(listed.map((m) => [m.email, m.display_name, m.role])).toEqual([
      [owner.email, 'Ada Lovelace', 'owner'],
      [adminUser.email, null, 'admin'],
      [member.email, null, 'member'],
    ]);
    expect(await outsider.client.rpc('team_member_list', { p_team_id: team.id })).toMatchObject({
      data: [],
      error: null,
    });
  });

  it('team_members, insert: nobody adds a membership directly, not even an owner', async () => {
    for (const each of [owner, adminUser, outsider]) {
      const insert = await each.client
        .from('team_members')
        .insert({ team_id: team.id, user_id: outsider.id, role: 'owner' });
      expect(insert.error?.code).toBe('42501');
    }
    expect(
      (await anon().from('team_members').insert({ team_id: team.id, user_id: outsider.id })).error?.code,
    ).toBe('42501');
    expect(await members(team)).toHaveLength(3);
  });

  it('team_members, update and delete: members, outsiders and anon change and remove nobody', async () => {
    await unchanged(
      () => members(team),
      async () => {
        for (const each of [member, outsider]) {
          const update = await each.client
            .from('team_members')
            .update({ role: 'owner' })
            .eq('team_id', team.id)
            .select('user_id');
          expect(update).toMatchObject({ data: [], error: null });
          const removal = await each.client
            .from('team_members')
            .delete()
            .eq('team_id', team.id)
            .neq('user_id', each.id)
            .select('user_id');
          expect(removal).toMatchObject({ data: [], error: null });
        }
        expect(
          (await anon().from('team_members').update({ role: 'owner' }).eq('team_id', team.id)).error?.code,
        ).toBe('42501');
        expect((await anon().from('team_members').delete().eq('team_id', team.id)).error?.code).toBe('42501');
        const moved = await owner.client
          .from('team_members')
          .update({ user_id: outsider.id })
          .eq('team_id', team.id)
          .eq('user_id', member.id);
        expect(moved.error?.code).toBe('42501');
      },
    );
  });

  it('team_invitations: admins and owners read them; nobody, anon included, writes them directly', async () => {
    for (const each of [owner, adminUser]) {
      const { data } = await each.client
        .from('team_invitations')
        .select('id, email, role')
        .eq('team_id', team.id);
      expect(data?.map((row) => row.id)).toContain(invitation.invitation_id);
    }
    for (const each of [member, outsider]) {
      expect(await each.client.from('team_invitations').select('id')).toMatchObject({
        data: [],
        error: null,
      });
    }
    expect((await anon().from('team_invitations').select('id')).error?.code).toBe('42501');
    await unchanged(
      () => invitationRow(invitation.invitation_id),
      async () => {
        for (const each of [owner, adminUser, member, outsider, { client: anon() }]) {
          const insert = await each.client.from('team_invitations').insert({
            team_id: team.id,
            email: 'planted@example.com',
            role: 'admin',
            token_hash: '\\x00',
            expires_at: new Date().toISOString(),
          });
          expect(insert.error?.code).toBe('42501');
          const update = await each.client
            .from('team_invitations')
            .update({ role: 'admin', expires_at: '2999-01-01T00:00:00Z' })
            .eq('id', invitation.invitation_id);
          expect(update.error?.code).toBe('42501');
          const removal = await each.client
            .from('team_invitations')
            .delete()
            .eq('id', invitation.invitation_id);
          expect(removal.error?.code).toBe('42501');
        }
      },
    );
  });

  it('invitation functions: members and outsiders invite, resend and revoke nothing', async () => {
    await unchanged(
      () => invitationRow(invitation.invitation_id),
      async () => {
        for (const each of [member, outsider]) {
          refused(
            await each.client.rpc('invite_to_team', {
              p_team_id: team.id,
              p_email: uniqueEmail('x'),
              p_role: 'member',
              p_locale: 'en',
            }),
            'team_role_forbidden',
          );
          refused(
            await each.client.rpc('resend_team_invitation', {
              p_invitation_id: invitation.invitation_id,
              p_locale: 'en',
            }),
            'invitation_not_found',
          );
          refused(
            await each.client.rpc('revoke_team_invitation', { p_invitation_id: invitation.invitation_id }),
            'invitation_not_found',
          );
        }
        expect(
          (
            await anon().rpc('invite_to_team', {
              p_team_id: team.id,
              p_email: uniqueEmail('x'),
              p_role: 'member',
              p_locale: 'en',
            })
          ).error?.code,
        ).toBe('42501');
      },
    );
  });
});

describe('teams: the rules on roles', () => {
  let owner: User, adminUser: User, member: User;
  let team: Team;
  beforeAll(async () => {
    [owner, adminUser, member] = await Promise.all([user(), user(), user()]);
    team = await newTeam(owner, 'Roles');
    await join(owner, team, adminUser, 'admin');
    await join(owner, team, member, 'member');
  });

  const roleOf = async (each: User) =>
    (await members(team))?.find((row) => row.user_id === each.id)?.role as string | undefined;

  it('the last owner may not step down nor leave', async () => {
    refused(await setRole(owner, team, owner, 'admin'), 'team_last_owner');
    refused(await removeMember(owner, team, owner), 'team_last_owner');
    expect(await roleOf(owner)).toBe('owner');
  });

  it('nobody raises their own role', async () => {
    refused(await setRole(adminUser, team, adminUser, 'owner'), 'team_role_forbidden');
    const self = await setRole(member, team, member, 'admin').select('role');
    expect(self).toMatchObject({ data: [], error: null });
    expect([await roleOf(adminUser), await roleOf(member)]).toEqual(['admin', 'member']);
  });

  it('admins never demote, remove or make owners', async () => {
    refused(await setRole(adminUser, team, owner, 'member'), 'team_role_forbidden');
    refused(await removeMember(adminUser, team, owner), 'team_role_forbidden');
    refused(await setRole(adminUser, team, member, 'owner'), 'team_role_forbidden');
    refused(
      await adminUser.client.rpc('invite_to_team', {
        p_team_id: team.id,
        p_email: uniqueEmail('owner'),
        p_role: 'owner',
        p_locale: 'en',
      }),
      'team_role_forbidden',
    );
    expect([await roleOf(owner), await roleOf(member)]).toEqual(['owner', 'member']);
  });

  it('admins promote, demote and remove members and admins', async () => {
    const promoted = await setRole(adminUser, team, member, 'admin').select('role');
    expect(promoted).toMatchObject({ data: [{ role: 'admin' }], error: null });
    const demoted = await setRole(adminUser, team, member, 'member').select('role');
    expect(demoted).toMatchObject({ data: [{ role: 'member' }], error: null });
    const leaving = await user();
    await join(owner, team, leaving, 'admin');
    const removal = await removeMember(adminUser, team, leaving).select('user_id');
    expect(removal).toMatchObject({ data: [{ user_id: leaving.id }], error: null });
    expect(await roleOf(leaving)).toBeUndefined();
  });

  it('only owners delete the team or transfer it; a transfer swaps the two roles', async () => {
    refused(
      await adminUser.client.rpc('transfer_team_ownership', { p_team_id: team.id, p_user_id: adminUser.id }),
      'team_role_forbidden',
    );
    refused(
      await member.client.rpc('transfer_team_ownership', { p_team_id: team.id, p_user_id: member.id }),
      'team_role_forbidden',
    );
    const stranger = await user();
    refused(
      await owner.client.rpc('transfer_team_ownership', { p_team_id: team.id, p_user_id: stranger.id }),
      'team_member_not_found',
    );
    expect(await roleOf(owner)).toBe('owner');
    const transfer = await owner.client.rpc('transfer_team_ownership', {
      p_team_id: team.id,
      p_user_id: member.id,
    });
    expect(transfer.error).toBeNull();
    expect([await roleOf(owner), await roleOf(member)]).toEqual(['admin', 'owner']);
    // The former owner, an admin now, no longer deletes the team; the new owner does, with all it holds.
    const refusedDelete = await owner.client.from('teams').delete().eq('id', team.id).select('id');
    expect(refusedDelete).toMatchObject({ data: [], error: null });
    await invite(member, team, uniqueEmail('cascade'));
    const removal = await member.client.from('teams').delete().eq('id', team.id).select('id');
    expect(removal).toMatchObject({ data: [{ id: team.id }], error: null });
    expect(await teamRow(team)).toBeNull();
    expect(await members(team)).toEqual([]);
    const { data: invitations } = await admin().from('team_invitations').select('id').eq('team_id', team.id);
    expect(invitations).toEqual([]);
  });

  it('a member leaves; two owners may each step down while another remains', async () => {
    const [first, second, third] = await Promise.all([user(), user(), user()]);
    const other = await newTeam(first, 'Owners');
    await join(first, other, second, 'admin');
    await join(first, other, third, 'member');
    const leave = await third.client
      .from('team_members')
      .delete()
      .eq('team_id', other.id)
      .eq('user_id', third.id)
      .select('user_id');
    expect(leave).toMatchObject({ data: [{ user_id: third.id }], error: null });
    const coOwner = await first.client
      .from('team_members')
      .update({ role: 'owner' })
      .eq('team_id', other.id)
      .eq('user_id', second.id)
      .select('role');
    expect(coOwner).toMatchObject({ data: [{ role: 'owner' }], error: null });
    const stepDown = await first.client
      .from('team_members')
      .update({ role: 'member' })
      .eq('team_id', other.id)
      .eq('user_id', first.id)
      .select('role');
    expect(stepDown).toMatchObject({ data: [{ role: 'member' }], error: null });
    refused(
      await second.client
        .from('team_members')
        .update({ role: 'admin' })
        .eq('team_id', other.id)
        .eq('user_id', second.id),
      'team_last_owner',
    );
    expect(await members(other)).toEqual(
      [
        { user_id: first.id, role: 'member' },
        { user_id: second.id, role: 'owner' },
      ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });

  it('a slug is taken once, and its form is the database’s to check', async () => {
    const taken = await newTeam(owner, 'Taken');
    refused(
      await owner.client.rpc('create_team', { p_slug: taken.slug, p_name: 'Again' }),
      'team_slug_taken',
    );
    for (const slug of ['ab', '-abc', 'abc-', 'ABC', 'a_b_c', 'a'.repeat(49)]) {
      const made = await owner.client.rpc('create_team', { p_slug: slug, p_name: 'Bad' });
      expect(made.error?.code, slug).toBe('23514');
    }
  });
});

describe('teams: invitations', () => {
  let owner: User, invitee: User, other: User;
  let team: Team;
  beforeAll(async () => {
    [owner, invitee, other] = await Promise.all([user(), user({ locale: 'ar' }), user()]);
    team = await newTeam(owner, 'Invitations');
  });

  it('a token is 32 random bytes shown once: only its SHA-256 is stored, the address lower-case, for 7 days', async () => {
    const sent = await invite(owner, team, `  ${other.email.toUpperCase()} `, 'admin', 'de');
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(sent.token, 'base64url')).toHaveLength(32);
    const row = await invitationRow(sent.invitation_id);
    const hash = createHash('sha256').update(Buffer.from(sent.token, 'base64url')).digest('hex');
    expect(row.token_hash).toBe(`\\x${hash}`);
    expect(JSON.stringify(row)).not.toContain(sent.token);
    expect(row).toMatchObject({ email: other.email, role: 'admin', invited_by: owner.id, accepted_at: null });
    expect(Date.parse(row.expires_at as string) - Date.parse(row.created_at as string)).toBe(7 * 86_400_000);
    const again = await owner.client.rpc('revoke_team_invitation', { p_invitation_id: sent.invitation_id });
    expect(again.error).toBeNull();
  });

  it('the answer is the same whether or not the address has an account, but for its language', async () => {
    const existing = await invite(owner, team, invitee.email, 'member', 'en');
    const unknown = await invite(owner, team, uniqueEmail('nobody'), 'member', 'en');
    expect(Object.keys(existing).sort()).toEqual(Object.keys(unknown).sort());
    expect([existing.locale, unknown.locale]).toEqual(['ar', 'en']);
    refused(
      await owner.client.rpc('invite_to_team', {
        p_team_id: team.id,
        p_email: owner.email,
        p_role: 'member',
        p_locale: 'en',
      }),
      'team_invitation_member',
    );
    refused(
      await owner.client.rpc('invite_to_team', {
        p_team_id: team.id,
        p_email: 'not-an-address',
        p_role: 'member',
        p_locale: 'en',
      }),
      'team_invitation_email_invalid',
    );
    await owner.client.rpc('revoke_team_invitation', { p_invitation_id: existing.invitation_id });
    await owner.client.rpc('revoke_team_invitation', { p_invitation_id: unknown.invitation_id });
  });

  /**
   * An invitation refused for `who`, by its link's token with `code` and by its id (the list's way) with `idCode`:
   * the row and the memberships stay as they were.
   */
  async function refusedAcceptance(sent: Sent, who: User, code: string, idCode = code) {
    const before = await invitationRow(sent.invitation_id);
    const membersBefore = await members(team);
    refused(await who.client.rpc('accept_team_invitation', { p_token: sent.token }), code);
    refused(await who.client.rpc('accept_team_invitation', { p_invitation_id: sent.invitation_id }), idCode);
    expect(await invitationRow(sent.invitation_id)).toEqual(before);
    expect(await members(team)).toEqual(membersBefore);
  }

  const preview = async (token: string) =>
    ((await anon().rpc('team_invitation_preview', { p_token: token })).data as { status: string }[])[0];

  it('another address cannot accept it; by id it names nothing to them', async () => {
    const sent = await invite(owner, team, invitee.email);
    await refusedAcceptance(sent, other, 'invitation_wrong_address', 'invitation_not_found');
    expect(await preview(sent.token)).toMatchObject({
      status: 'pending',
      email: invitee.email,
      role: 'member',
    });
    await owner.client.rpc('revoke_team_invitation', { p_invitation_id: sent.invitation_id });
  });

  it('an unconfirmed address cannot accept it, nor sees it waiting', async () => {
    const guest = anon();
    const signedIn = await guest.auth.signInAnonymously();
    expect(signedIn.error).toBeNull();
    const email = uniqueEmail('unconfirmed');
    const given = await admin().auth.admin.updateUserById(signedIn.data.user!.id, { email });
    expect(given.data.user?.email).toBe(email);
    expect(given.data.user?.email_confirmed_at).toBeFalsy();
    const sent = await invite(owner, team, email);
    const unconfirmed = { id: signedIn.data.user!.id, email, client: guest };
    await refusedAcceptance(sent, unconfirmed, 'invitation_email_unconfirmed', 'invitation_not_found');
    expect(await guest.rpc('my_team_invitations')).toMatchObject({ data: [], error: null });
    refused(
      await guest.rpc('decline_team_invitation', { p_invitation_id: sent.invitation_id }),
      'invitation_not_found',
    );
  });

  it('an expired invitation is refused', async () => {
    const sent = await invite(owner, team, uniqueEmail('expired'));
    const expired = await user();
    await admin()
      .from('team_invitations')
      .update({ email: expired.email, expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq('id', sent.invitation_id);
    await refusedAcceptance(sent, expired, 'invitation_expired');
    expect(await preview(sent.token)).toMatchObject({ status: 'expired' });
    expect(await expired.client.rpc('my_team_invitations')).toMatchObject({ data: [] });
  });

  it('a revoked invitation is refused', async () => {
    const revokedUser = await user();
    const sent = await invite(owner, team, revokedUser.email);
    expect(
      (await owner.client.rpc('revoke_team_invitation', { p_invitation_id: sent.invitation_id })).error,
    ).toBeNull();
    await refusedAcceptance(sent, revokedUser, 'invitation_revoked');
    expect(await preview(sent.token)).toMatchObject({ status: 'revoked' });
  });

  it('a declined invitation is refused; only the invitee declines', async () => {
    const decliner = await user();
    const sent = await invite(owner, team, decliner.email);
    const listed = await decliner.client.rpc('my_team_invitations');
    expect(listed.data).toEqual([
      expect.objectContaining({ invitation_id: sent.invitation_id, team_slug: team.slug, role: 'member' }),
    ]);
    refused(
      await other.client.rpc('decline_team_invitation', { p_invitation_id: sent.invitation_id }),
      'invitation_not_found',
    );
    expect(
      (await decliner.client.rpc('decline_team_invitation', { p_invitation_id: sent.invitation_id })).error,
    ).toBeNull();
    await refusedAcceptance(sent, decliner, 'invitation_declined');
    expect(await preview(sent.token)).toMatchObject({ status: 'declined' });
    expect(await decliner.client.rpc('my_team_invitations')).toMatchObject({ data: [] });
  });

  it('an invitation is accepted once, by its address in any case, and then is used', async () => {
    const joiner = await user();
    const sent = await invite(owner, team, joiner.email.toUpperCase(), 'admin');
    const accepted = await joiner.client.rpc('accept_team_invitation', { p_token: sent.token });
    expect(accepted).toMatchObject({ data: team.slug, error: null });
    expect(await members(team)).toContainEqual({ user_id: joiner.id, role: 'admin' });
    expect(await invitationRow(sent.invitation_id)).toMatchObject({ accepted_by: joiner.id });
    await refusedAcceptance(sent, joiner, 'invitation_used');
    expect(await preview(sent.token)).toMatchObject({ status: 'used' });
    refused(
      await joiner.client.rpc('accept_team_invitation', { p_token: 'garbage' }),
      'invitation_not_found',
    );
    expect(await anon().rpc('team_invitation_preview', { p_token: 'garbage' })).toMatchObject({ data: [] });
  });

  it('the invitee accepts from their list by id, through the same function; a token and an id together name nothing', async () => {
    const joiner = await user();
    const sent = await invite(owner, team, joiner.email);
    expect((await anon().rpc('team_invitation_preview', { p_token: sent.token })).data).toEqual([
      expect.objectContaining({ invitation_id: sent.invitation_id, status: 'pending' }),
    ]);
    const before = await invitationRow(sent.invitation_id);
    refused(
      await joiner.client.rpc('accept_team_invitation', {
        p_token: sent.token,
        p_invitation_id: sent.invitation_id,
      }),
      'invitation_not_found',
    );
    refused(await joiner.client.rpc('accept_team_invitation', {}), 'invitation_not_found');
    expect(await invitationRow(sent.invitation_id)).toEqual(before);
    expect(
      (await anon().rpc('accept_team_invitation', { p_invitation_id: sent.invitation_id })).error?.code,
    ).toBe('42501');
    const accepted = await joiner.client.rpc('accept_team_invitation', {
      p_invitation_id: sent.invitation_id,
    });
    expect(accepted).toMatchObject({ data: team.slug, error: null });
    expect(await members(team)).toContainEqual({ user_id: joiner.id, role: 'member' });
    expect(await invitationRow(sent.invitation_id)).toMatchObject({ accepted_by: joiner.id });
    expect(await preview(sent.token)).toMatchObject({ status: 'used' });
  });

  it('a resend gives a new token at most once a minute; the old link stops working', async () => {
    const sent = await invite(owner, team, uniqueEmail('resend'));
    refused(
      await owner.client.rpc('resend_team_invitation', {
        p_invitation_id: sent.invitation_id,
        p_locale: 'en',
      }),
      'team_invitation_resend_too_soon',
    );
    refused(
      await owner.client.rpc('invite_to_team', {
        p_team_id: team.id,
        p_email: (await invitationRow(sent.invitation_id)).email,
        p_role: 'member',
        p_locale: 'en',
      }),
      'team_invitation_resend_too_soon',
    );
    await admin()
      .from('team_invitations')
      .update({ last_sent_at: new Date(Date.now() - 61_000).toISOString() })
      .eq('id', sent.invitation_id);
    const resent = await owner.client.rpc('resend_team_invitation', {
      p_invitation_id: sent.invitation_id,
      p_locale: 'fr',
    });
    expect(resent.error).toBeNull();
    const fresh = (resent.data as Sent[])[0]!;
    expect(fresh).toMatchObject({ invitation_id: sent.invitation_id, locale: 'fr' });
    expect(fresh.token).not.toBe(sent.token);
    expect(await preview(sent.token)).toBeUndefined();
    expect(await preview(fresh.token)).toMatchObject({ status: 'pending' });
  });

  it('at most 20 pending per team and 50 sent per team a day', { timeout: 60_000 }, async () => {
    const busy = await newTeam(owner, 'Busy');
    const first: Sent[] = [];
    for (let n = 0; n < 20; n++) first.push(await invite(owner, busy, uniqueEmail(`p${n}`)));
    refused(
      await owner.client.rpc('invite_to_team', {
        p_team_id: busy.id,
        p_email: uniqueEmail('twenty-one'),
        p_role: 'member',
        p_locale: 'en',
      }),
      'team_invitation_limit',
    );
    for (const sent of first)
      await owner.client.rpc('revoke_team_invitation', { p_invitation_id: sent.invitation_id });
    for (let n = 20; n < 50; n++) {
      const sent = await invite(owner, busy, uniqueEmail(`d${n}`));
      await owner.client.rpc('revoke_team_invitation', { p_invitation_id: sent.invitation_id });
    }
    refused(
      await owner.client.rpc('invite_to_team', {
        p_team_id: busy.id,
        p_email: uniqueEmail('fifty-one'),
        p_role: 'member',
        p_locale: 'en',
      }),
      'team_invitation_daily_limit',
    );
    const { count } = await admin()
      .from('team_invitations')
      .select('id', { count: 'exact', head: true })
      .eq('team_id', busy.id);
    expect(count).toBe(50);
  });
});

describe('teams: deleting an account', () => {
  it('a sole owner of a team with others is refused until it is handed over; then the account goes', async () => {
    const [owner, member] = await Promise.all([user(), user()]);
    const team = await newTeam(owner, 'Blocking');
    await join(owner, team, member, 'member');
    expect(await owner.client.rpc('account_deletion_blockers')).toMatchObject({
      data: [{ team_slug: team.slug, team_name: 'Blocking' }],
      error: null,
    });
    const refusedDeletion = await admin().auth.admin.deleteUser(owner.id);
    expect(refusedDeletion.error).toMatchObject({ status: 500, message: 'Database error deleting user' });
    expect((await admin().auth.admin.getUserById(owner.id)).data.user?.id).toBe(owner.id);
    expect(await members(team)).toHaveLength(2);

    await owner.client.rpc('transfer_team_ownership', { p_team_id: team.id, p_user_id: member.id });
    expect(await owner.client.rpc('account_deletion_blockers')).toMatchObject({ data: [] });
    expect((await admin().auth.admin.deleteUser(owner.id)).error).toBeNull();
    expect(await members(team)).toEqual([{ user_id: member.id, role: 'owner' }]);
  });

  it('a team left with nobody is deleted, with its invitations', async () => {
    const owner = await user();
    const team = await newTeam(owner, 'Alone');
    const sent = await invite(owner, team, uniqueEmail('left'));
    expect(await owner.client.rpc('account_deletion_blockers')).toMatchObject({ data: [] });
    expect((await admin().auth.admin.deleteUser(owner.id)).error).toBeNull();
    expect(await teamRow(team)).toBeNull();
    expect((await admin().from('team_invitations').select('id').eq('id', sent.invitation_id)).data).toEqual(
      [],
    );
  });
});

describe('teams: a user with a second factor', () => {
  it('reaches the team only after the code step: a password-only session reads and changes nothing', async () => {
    const owner = await user();
    const member = await user();
    const team = await newTeam(owner, 'Two factors');
    await join(owner, team, member, 'admin');
    const { data: enrolled, error } = await member.client.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const code = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) }).generate();
    expect(
      (await member.client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code })).error,
    ).toBeNull();
    // The same person with the password alone: GoTrue's aal1 token, straight to the Data API.
    const passwordOnly = anonClient(server.get());
    expect(
      (await passwordOnly.auth.signInWithPassword({ email: member.email, password: PASSWORD })).error,
    ).toBeNull();

    const before = { team: await teamRow(team), members: await members(team) };
    expect(await passwordOnly.from('teams').select('id')).toMatchObject({ data: [], error: null });
    expect(await passwordOnly.from('team_members').select('user_id')).toMatchObject({
      data: [],
      error: null,
    });
    expect(await passwordOnly.from('team_invitations').select('id')).toMatchObject({ data: [], error: null });
    expect(
      await passwordOnly.from('teams').update({ name: 'Taken over' }).eq('id', team.id).select('id'),
    ).toMatchObject({ data: [], error: null });
    expect(
      await passwordOnly
        .from('team_members')
        .delete()
        .eq('team_id', team.id)
        .eq('user_id', member.id)
        .select(),
    ).toMatchObject({ data: [], error: null });
    const invited = await passwordOnly.rpc('invite_to_team', {
      p_team_id: team.id,
      p_email: uniqueEmail('intruder'),
      p_role: 'admin',
      p_locale: 'en',
    });
    expect(invited.error).toMatchObject({ code: '42501', hint: 'insufficient_aal' });
    expect(await teamRow(team)).toEqual(before.team);
    expect(await members(team)).toEqual(before.members);
    // No new invitation (the one the admin joined by is accepted).
    const open = await admin()
      .from('team_invitations')
      .select('id')
      .eq('team_id', team.id)
      .is('accepted_at', null);
    expect(open.data).toEqual([]);

    // After the code step, the same person is the admin they are.
    const { data: teams } = await member.client.from('teams').select('id');
    expect(teams).toEqual([{ id: team.id }]);
  });
});
