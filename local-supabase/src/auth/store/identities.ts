import type { Sql } from '../../db/database.ts';
import type { UserRow } from './users.ts';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An identities row that came back as JSON: timestamps become Dates again. */
export function reviveIdentity(raw: IdentityRow): IdentityRow {
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    ...raw,
    last_sign_in_at: date(raw.last_sign_in_at),
    created_at: date(raw.created_at)!,
    updated_at: date(raw.updated_at)!,
  };
}

export async function listIdentities(sql: Sql, userId: string): Promise<IdentityRow[]> {
  return (
    await sql.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at, id', [
      userId,
    ])
  ).rows;
}

/** The user's email identity (GoTrue's FindIdentityByIdAndProvider with provider email), if it has one. */
export async function findEmailIdentity(sql: Sql, userId: string): Promise<IdentityRow | undefined> {
  return (
    await sql.query<IdentityRow>("select * from auth.identities where user_id = $1 and provider = 'email'", [
      userId,
    ])
  ).rows[0];
}

export async function findIdentity(
  sql: Sql,
  provider: string,
  providerId: string,
): Promise<IdentityRow | undefined> {
  return (
    await sql.query<IdentityRow>('select * from auth.identities where provider = $1 and provider_id = $2', [
      provider,
      providerId,
    ])
  ).rows[0];
}

export async function createIdentity(
  sql: Sql,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<IdentityRow> {
  const res = await sql.query<IdentityRow>(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3, $4, $5, now()) returning *`,
    [crypto.randomUUID(), providerId, userId, JSON.stringify(data), provider],
  );
  return res.rows[0]!;
}

/** Merges keys into identity_data (GoTrue's UpdateIdentityData). */
export async function updateIdentityData(
  sql: Sql,
  identityId: string,
  updates: Record<string, unknown>,
): Promise<void> {
  await sql.query(
    'update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now() where id = $1',
    [identityId, JSON.stringify(updates)],
  );
}

/** Replaces identity_data with the provider's latest claims, as a provider sign-in does. */
export async function recordIdentitySignIn(
  sql: Sql,
  identityId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await sql.query(
    'update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1',
    [identityId, JSON.stringify(data)],
  );
}

export async function deleteIdentity(sql: Sql, identityId: string): Promise<void> {
  await sql.query('delete from auth.identities where id = $1', [identityId]);
}

/** Deletes a user's identities, all of them or all but one identity or provider. */
export async function deleteIdentities(
  sql: Sql,
  userId: string,
  keep: { exceptId?: string; exceptProvider?: string } = {},
): Promise<void> {
  await sql.query(
    'delete from auth.identities where user_id = $1 and id is distinct from $2 and provider is distinct from $3',
    [userId, keep.exceptId ?? null, keep.exceptProvider ?? null],
  );
}

/** The email identity's data as GoTrue builds it from provider.Claims: sub, email and both verified flags. */
export function emailIdentityData(
  user: Pick<UserRow, 'id' | 'email'>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    sub: user.id,
    email: user.email ?? '',
    email_verified: false,
    phone_verified: false,
  };
  for (const [k, v] of Object.entries(extra)) if (!(k in data)) data[k] = v;
  return data;
}

/** app_metadata.providers/provider recomputed from the identities (GoTrue's UpdateAppMetaDataProviders). */
export async function syncProviders(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `update auth.users u set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
       'providers', p.providers, 'provider', coalesce(p.providers ->> 0, u.raw_app_meta_data ->> 'provider'))
     from (select coalesce(jsonb_agg(provider order by first_seen), '[]'::jsonb) as providers
           from (select provider, min(created_at) as first_seen from auth.identities where user_id = $1 group by provider) s) p
     where u.id = $1`,
    [userId],
  );
}

export function identityJson(i: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at?.toISOString(),
    created_at: i.created_at.toISOString(),
    updated_at: i.updated_at.toISOString(),
    email: i.email ?? undefined,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}
