import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import { signedInUser } from './helpers';

// The notes example's contract tests on team notes and their files: signed-in users, a team, and members who joined
// it the one way the database allows (an invitation accepted by its token).

export interface TeamUser {
  id: string;
  email: string;
  client: SupabaseClient;
}

export async function teamUser(server: RunningLocalSupabase): Promise<TeamUser> {
  const made = await signedInUser(server);
  return { id: made.userId, email: made.email, client: made.client };
}

let slugs = 0;

/** A new team owned by `owner`; its id. */
export async function newTeam(owner: TeamUser, name: string): Promise<string> {
  const { data, error } = await owner.client.rpc('create_team', {
    p_slug: `team-${Date.now().toString(36)}-${++slugs}`,
    p_name: name,
  });
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** `member` joins the team as `role`, invited by `owner`. */
export async function joinTeam(owner: TeamUser, teamId: string, member: TeamUser, role: string) {
  const { data } = await owner.client.rpc('invite_to_team', {
    p_team_id: teamId,
    p_email: member.email,
    p_role: role,
    p_locale: 'en',
  });
  const accepted = await member.client.rpc('accept_team_invitation', {
    p_token: (data as { token: string }[])[0]!.token,
  });
  expect(accepted.error).toBeNull();
}
