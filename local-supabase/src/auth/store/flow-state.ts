import type { PkceMethod } from '../../crypto/codes.ts';
import type { Sql } from '../../db/database.ts';
import type { AuthenticationMethod } from './sessions.ts';

/** GoTrue's EXTERNAL_FLOW_STATE_EXPIRY_DURATION default. */
export const FLOW_STATE_EXPIRY_MS = 300_000;

/** A PKCE flow in progress (auth.flow_state): its code is exchanged with the verifier at POST /token?grant_type=pkce. */
export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  /** Empty for an OAuth flow started without PKCE (implicit). */
  code_challenge_method: PkceMethod | '';
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: AuthenticationMethod;
  redirect_to: string | null;
  /** The user an identity-linking flow links to (GoTrue's linking_target_id). */
  linking_target_id: string | null;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

export interface Pkce {
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
}

export interface NewFlowState {
  pkce: Pkce | undefined;
  userId: string | null;
  /** The email action (`email/signup`, `recovery`…) or OAuth provider name. */
  providerType: string;
  authMethod: AuthenticationMethod;
  redirectTo?: string;
  linkingTargetId?: string;
}

export async function createFlowState(sql: Sql, flow: NewFlowState): Promise<FlowStateRow> {
  const res = await sql.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, redirect_to, linking_target_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [
      crypto.randomUUID(),
      flow.userId,
      crypto.randomUUID(),
      flow.pkce?.codeChallengeMethod ?? '',
      flow.pkce?.codeChallenge ?? '',
      flow.providerType,
      flow.authMethod,
      flow.redirectTo ?? null,
      flow.linkingTargetId ?? null,
    ],
  );
  return res.rows[0]!;
}

export async function findFlowState(sql: Sql, id: string): Promise<FlowStateRow | undefined> {
  return (await sql.query<FlowStateRow>('select * from auth.flow_state where id = $1', [id])).rows[0];
}

export async function findFlowStateByCode(sql: Sql, authCode: string): Promise<FlowStateRow | undefined> {
  return (await sql.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [authCode]))
    .rows[0];
}

export async function deleteFlowState(sql: Sql, id: string): Promise<void> {
  await sql.query('delete from auth.flow_state where id = $1', [id]);
}

/** GoTrue's issueAuthCode: the user's latest flow for that method gets its code issued; undefined if there is none. */
export async function issueAuthCode(
  sql: Sql,
  userId: string,
  authMethod: AuthenticationMethod,
): Promise<string | undefined> {
  const res = await sql.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = (
       select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning *`,
    [userId, authMethod],
  );
  return res.rows[0]?.auth_code;
}

/** An OAuth flow whose provider answered: the user is known and the code is issued with the provider's token. */
export async function completeOAuthFlow(
  sql: Sql,
  flowId: string,
  userId: string,
  providerToken: string,
): Promise<void> {
  await sql.query(
    'update auth.flow_state set user_id = $2, auth_code_issued_at = now(), provider_access_token = $3, updated_at = now() where id = $1',
    [flowId, userId, providerToken],
  );
}
