import { createHash, timingSafeEqual } from 'node:crypto';
import { FLOW_STATE_EXPIRY_MS } from './app.ts';
import type { Sql } from './db.ts';
import { ApiError, badRequest, notFound, unprocessable } from './errors.ts';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: string;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  redirect_to: string | null;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

export interface Pkce {
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** GoTrue's validatePKCEParams: both or neither; challenge 43-128 chars of [a-zA-Z._~0-9-]. */
export function validatePkce(challenge: string, method: string): Pkce | undefined {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest('validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw badRequest('validation_failed', 'code challenge method not supported');
  return { codeChallenge: challenge, codeChallengeMethod: lower };
}

export async function createFlowState(
  sql: Sql,
  opts: Pkce & { userId: string | null; providerType: string; authMethod: string; redirectTo?: string },
): Promise<FlowStateRow> {
  const res = await sql.query<FlowStateRow>(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, redirect_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [crypto.randomUUID(), opts.userId, crypto.randomUUID(), opts.codeChallengeMethod, opts.codeChallenge, opts.providerType, opts.authMethod, opts.redirectTo ?? null],
  );
  return res.rows[0]!;
}

/** GoTrue's issueAuthCode: the user's latest flow for that method gets its code issued. */
export async function issueAuthCode(sql: Sql, userId: string, authMethod: string): Promise<string> {
  const res = await sql.query<FlowStateRow>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = (
       select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
     returning *`,
    [userId, authMethod],
  );
  const row = res.rows[0];
  if (!row) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  return row.auth_code;
}

/** Validates an auth code + verifier (POST /token?grant_type=pkce) and consumes the flow. */
export async function consumeFlowState(sql: Sql, authCode: string, verifier: string): Promise<FlowStateRow & { user_id: string }> {
  const flow = (await sql.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [authCode])).rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  const startedAt = flow.auth_code_issued_at && flow.authentication_method === 'magiclink' ? flow.auth_code_issued_at : flow.created_at;
  if (Date.now() > startedAt.getTime() + FLOW_STATE_EXPIRY_MS) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  verifyChallenge(flow, verifier);
  await sql.query('delete from auth.flow_state where id = $1', [flow.id]);
  return flow as FlowStateRow & { user_id: string };
}

function verifyChallenge(flow: FlowStateRow, verifier: string): void {
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.code_challenge);
  if (flow.code_challenge_method !== 's256' && flow.code_challenge_method !== 'plain') {
    throw new ApiError(400, 'bad_code_verifier', 'code challenge method not supported');
  }
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
}
