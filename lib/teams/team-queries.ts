import { headers } from 'next/headers';
import { logServerError } from '@/lib/log/server-log';
import { decodeHandedRow, HANDED_ROW_HEADER } from '@/lib/routes/handed-row';
import type { Database } from '@/lib/supabase/database.types';
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
  const team = await readTeamRow(path, `/teams/${slug}`, slug);
  if (team.status !== 'ok') return team;
  const { id } = team.team;
  const supabase = await sessionClient();
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
    team: team.team,
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

/**
 * A team's id, slug and name for the page at `pagePath` (under `/teams/<slug>`, without locale): the row the
 * middleware read for its 404 and handed over (the route table's `row`), else read now. `missing` for a team the
 * visitor is not in.
 */
export async function readTeamRow(
  path: string,
  pagePath: string,
  slug: string,
): Promise<{ status: 'ok'; team: Team } | { status: 'missing' } | { status: 'unavailable' }> {
  if (!isTeamSlug(slug)) return { status: 'missing' };
  const handed = decodeHandedRow((await headers()).get(HANDED_ROW_HEADER), pagePath);
  // The route table's select for team pages is these columns.
  if (handed) return { status: 'ok', team: handed as Team };
  const supabase = await sessionClient();
  const { data, error } = await supabase
    .from('teams')
    .select('id, slug, name')
    .eq('slug', slug)
    .maybeSingle();
  if (error) return failed(path, error);
  return data ? { status: 'ok', team: data } : { status: 'missing' };
}

export type InvitationStatus = 'pending' | 'expired' | 'revoked' | 'used' | 'declined';

export interface InvitationPreview {
  /** Lets the invitee decline from the link's page; to anyone but the invited address it names nothing. */
  id: string;
  teamName: string;
  teamSlug: string;
  email: string;
  role: TeamRole;
  status: InvitationStatus;
  expiresAt: string;
}

type PreviewRow = Database['public']['Functions']['team_invitation_preview']['Returns'][number];

async function readPreview(path: string, token: string): Promise<PreviewRow | undefined | 'unavailable'> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.rpc('team_invitation_preview', { p_token: token });
  if (error) {
    failed(path, error);
    return 'unavailable';
  }
  return data[0];
}

/** What an invitation link names, for anyone holding it; `missing` for a token that names none. */
export async function previewInvitation(
  path: string,
  token: string,
): Promise<
  { status: 'ok'; invitation: InvitationPreview } | { status: 'missing' } | { status: 'unavailable' }
> {
  if (!isInvitationToken(token)) return { status: 'missing' };
  // The middleware read the preview for its 404 and usually handed it over (the route table's `row`).
  const handed = decodeHandedRow((await headers()).get(HANDED_ROW_HEADER), `/invitations/${token}`);
  const row = handed ? (handed as PreviewRow) : await readPreview(path, token);
  if (row === 'unavailable') return { status: 'unavailable' };
  if (!row) return { status: 'missing' };
  return {
    status: 'ok',
    invitation: {
      id: row.invitation_id,
      teamName: row.team_name,
      teamSlug: row.team_slug,
      email: row.email,
      role: row.role,
      status: row.status as InvitationStatus,
      expiresAt: row.expires_at,
    },
  };
}
