import { logServerError } from '@/lib/log/server-log';
import { sessionClient } from '@/lib/session/server';
import { isInvitationToken, isTeamSlug, type TeamRole } from './team-schema';

// Reads for the team pages, through the visitor's own session: row-level security and the functions of
// supabase/migrations/*_teams.sql decide what exists for them, so a team they are not in reads exactly like a
// missing one. The app never reads team data with the secret key.

export interface TeamSummary {
  id: string;
  slug: string;
  name: string;
  role: TeamRole;
}

export interface Team {
  id: string;
  slug: string;
  name: string;
  createdAt: string;
}

export interface TeamMember {
  userId: string;
  email: string;
  /** The name the member gave on their account, or null. */
  displayName: string | null;
  role: TeamRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  expiresAt: string;
  lastSentAt: string;
}

export interface WaitingInvitation {
  id: string;
  teamName: string;
  teamSlug: string;
  role: TeamRole;
  expiresAt: string;
}

type Read<T> = { status: 'ok'; value: T } | { status: 'unavailable' };

function failed(path: string, error: { code?: string } | null): { status: 'unavailable' } {
  logServerError({ path, code: error?.code || 'data_unreachable', error });
  return { status: 'unavailable' };
}

/** The visitor's teams with their role in each, by name. */
export async function listMyTeams(path: string, userId: string): Promise<Read<TeamSummary[]>> {
  const supabase = await sessionClient();
  const { data, error } = await supabase
    .from('team_members')
    .select('role, teams!inner(id, slug, name)')
    .eq('user_id', userId);
  if (error) return failed(path, error);
  const teams = data.map(({ role, teams }) => ({ ...teams, role }));
  return { status: 'ok', value: teams.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** Invitations waiting for the visitor's confirmed address. */
export async function listWaitingInvitations(path: string): Promise<Read<WaitingInvitation[]>> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.rpc('my_team_invitations');
  if (error) return failed(path, error);
  return {
    status: 'ok',
    value: data.map((row) => ({
      id: row.invitation_id,
      teamName: row.team_name,
      teamSlug: row.team_slug,
      role: row.role,
      expiresAt: row.expires_at,
    })),
  };
}

export type TeamRead =
  | { status: 'ok'; team: Team; members: TeamMember[]; invitations: TeamInvitation[] | null }
  | { status: 'missing' }
  | { status: 'unavailable' };

/**
 * One team with its members, and its open invitations when the visitor may manage them (null otherwise: the
 * policy shows them to admins and owners only). `missing` for a malformed slug and a team the visitor is not in.
 */
export async function readTeam(path: string, slug: string, withInvitations: boolean): Promise<TeamRead> {
  if (!isTeamSlug(slug)) return { status: 'missing' };
  const supabase = await sessionClient();
  const team = await supabase
    .from('teams')
    .select('id, slug, name, created_at')
    .eq('slug', slug)
    .maybeSingle();
  if (team.error) return failed(path, team.error);
  if (!team.data) return { status: 'missing' };
  const id = team.data.id;
  const [members, invitations] = await Promise.all([
    supabase.rpc('team_member_list', { p_team_id: id }),
    withInvitations
      ? supabase
          .from('team_invitations')
          .select('id, email, role, expires_at, last_sent_at')
          .eq('team_id', id)
          .is('accepted_at', null)
          .is('revoked_at', null)
          .is('declined_at', null)
          .order('created_at', { ascending: true })
      : null,
  ]);
  if (members.error) return failed(path, members.error);
  if (invitations?.error) return failed(path, invitations.error);
  return {
    status: 'ok',
    team: { id, slug: team.data.slug, name: team.data.name, createdAt: team.data.created_at },
    members: members.data.map((row) => ({
      userId: row.user_id,
      email: row.email,
      displayName: row.display_name,
      role: row.role,
      joinedAt: row.joined_at,
    })),
    invitations: invitations
      ? invitations.data.map((row) => ({
          id: row.id,
          email: row.email,
          role: row.role,
          expiresAt: row.expires_at,
          lastSentAt: row.last_sent_at,
        }))
      : null,
  };
}

/** The visitor's role in the team named by `slug`, or null (not a member, or no such team). */
export async function myRole(path: string, slug: string, userId: string): Promise<Read<TeamRole | null>> {
  if (!isTeamSlug(slug)) return { status: 'ok', value: null };
  const supabase = await sessionClient();
  const { data, error } = await supabase
    .from('team_members')
    .select('role, teams!inner(slug)')
    .eq('user_id', userId)
    .eq('teams.slug', slug)
    .maybeSingle();
  if (error) return failed(path, error);
  return { status: 'ok', value: data?.role ?? null };
}

export type InvitationStatus = 'pending' | 'expired' | 'revoked' | 'used' | 'declined';

export interface InvitationPreview {
  teamName: string;
  teamSlug: string;
  email: string;
  role: TeamRole;
  status: InvitationStatus;
  expiresAt: string;
}

/** What an invitation link names, for anyone holding it; `missing` for a token that names none. */
export async function previewInvitation(
  path: string,
  token: string,
): Promise<
  { status: 'ok'; invitation: InvitationPreview } | { status: 'missing' } | { status: 'unavailable' }
> {
  if (!isInvitationToken(token)) return { status: 'missing' };
  const supabase = await sessionClient();
  const { data, error } = await supabase.rpc('team_invitation_preview', { p_token: token });
  if (error) return failed(path, error);
  const row = data[0];
  if (!row) return { status: 'missing' };
  return {
    status: 'ok',
    invitation: {
      teamName: row.team_name,
      teamSlug: row.team_slug,
      email: row.email,
      role: row.role,
      status: row.status as InvitationStatus,
      expiresAt: row.expires_at,
    },
  };
}

/** The teams the visitor must hand over or delete before deleting their account (sole owner, other members). */
export async function accountDeletionBlockers(path: string): Promise<Read<{ slug: string; name: string }[]>> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.rpc('account_deletion_blockers');
  if (error) return failed(path, error);
  return { status: 'ok', value: data.map((row) => ({ slug: row.team_slug, name: row.team_name })) };
}
