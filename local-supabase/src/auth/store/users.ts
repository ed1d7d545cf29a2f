import type { Sql } from '../../db/database.ts';
import { type FactorRow, factorJson } from './factors.ts';
import { type IdentityRow, identityJson, reviveIdentity } from './identities.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string;
  confirmation_sent_at: Date | null;
  recovery_token: string;
  recovery_sent_at: Date | null;
  email_change_token_new: string;
  email_change: string;
  email_change_sent_at: Date | null;
  email_change_token_current: string;
  email_change_confirm_status: number;
  reauthentication_token: string;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

const USER_DATES = [
  'email_confirmed_at',
  'invited_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'reauthentication_sent_at',
  'last_sign_in_at',
  'phone_confirmed_at',
  'banned_until',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

/** A users row that came back as JSON (from json_build_object): timestamps become Dates again. */
export function reviveUser(raw: Record<string, unknown>): UserRow {
  const row = { ...raw } as Record<string, unknown>;
  for (const k of USER_DATES) row[k] = row[k] ? new Date(row[k] as string) : null;
  return row as unknown as UserRow;
}

export type UserPatch = Partial<Omit<UserRow, 'id' | 'created_at' | 'updated_at'>>;

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  return (await sql.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0];
}

/**
 * The user and whether the named session still exists, in one query: every authenticated request asks both
 * (requireAuthentication), and each PGlite round trip costs more than the lookup itself.
 */
export async function findUserWithSession(
  sql: Sql,
  id: string,
  sessionId: string | undefined,
): Promise<{ user?: UserRow; sessionExists: boolean }> {
  const { rows } = await sql.query<UserRow & { session_exists__: boolean }>(
    'select u.*, exists(select 1 from auth.sessions s where s.id = $2) as session_exists__ from auth.users u where u.id = $1',
    [id, sessionId ?? null],
  );
  if (!rows[0]) return { sessionExists: false };
  const { session_exists__: sessionExists, ...user } = rows[0];
  return { user, sessionExists };
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  return (
    await sql.query<UserRow>("select * from auth.users where lower(email) = lower($1) and email <> ''", [
      email,
    ])
  ).rows[0];
}

/** The user whose address or pending new address this is (GoTrue's FindUserForEmailChange). */
export async function findUserForEmailChange(sql: Sql, email: string): Promise<UserRow | undefined> {
  return (
    await sql.query<UserRow>('select * from auth.users where lower(email) = $1 or lower(email_change) = $1', [
      email,
    ])
  ).rows[0];
}

/** The user one half of an email change's code belongs to: its hash as stored, for an implicit or a PKCE flow. */
export async function findUserByEmailChangeHash(
  sql: Sql,
  half: 'email_change_token_current' | 'email_change_token_new',
  hash: string,
): Promise<UserRow | undefined> {
  return (await sql.query<UserRow>(`select * from auth.users where ${half} in ($1, 'pkce_' || $1)`, [hash]))
    .rows[0];
}

/** Live users whose email or full name contains `filter`, newest first, with the total for paging. */
export async function listUsers(
  sql: Sql,
  filter: string,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: UserRow[] }> {
  const where =
    "where deleted_at is null and (email ilike $1 or coalesce(raw_user_meta_data->>'full_name', '') ilike $1)";
  const like = `%${filter}%`;
  const total = (await sql.query<{ n: number }>(`select count(*)::int as n from auth.users ${where}`, [like]))
    .rows[0]!.n;
  const rows = (
    await sql.query<UserRow>(
      `select * from auth.users ${where} order by created_at desc, id limit $2 offset $3`,
      [like, limit, offset],
    )
  ).rows;
  return { total, rows };
}

export async function deleteUser(sql: Sql, id: string): Promise<void> {
  await sql.query('delete from auth.users where id = $1', [id]);
}

export async function insertUser(sql: Sql, fields: UserPatch & { id?: string }): Promise<UserRow> {
  const row = { ...fields, id: fields.id ?? crypto.randomUUID() };
  const keys = Object.keys(row);
  const values = keys.map((k) => toDb(row[k as keyof typeof row]));
  const placeholders = keys.map((_, i) => `$${i + 1}`);
  const res = await sql.query<UserRow>(
    `insert into auth.users (${keys.join(', ')}) values (${placeholders.join(', ')}) returning *`,
    values,
  );
  return res.rows[0]!;
}

/** Updates the given columns (and updated_at) and returns the new row. */
export async function updateUser(sql: Sql, id: string, patch: UserPatch): Promise<UserRow> {
  const keys = Object.keys(patch);
  const sets = keys.map((k, i) => `${k} = $${i + 2}`);
  sets.push('updated_at = now()');
  const values = keys.map((k) => toDb(patch[k as keyof UserPatch]));
  const res = await sql.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning *`, [
    id,
    ...values,
  ]);
  return res.rows[0]!;
}

function toDb(value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;
}

/** GoTrue's UpdateUserMetaData: keys merge, a null value deletes the key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}

export const isConfirmed = (u: UserRow): boolean => u.email_confirmed_at !== null;
export const isBanned = (u: UserRow): boolean =>
  u.banned_until !== null && u.banned_until.getTime() > Date.now();

const iso = (d: Date | null): string | undefined => d?.toISOString();

/**
 * The User object exactly as GoTrue serializes it (field order and omitempty as models/user.go): `factors` is left out
 * when the user has none.
 */
export function userJson(
  u: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[],
): Record<string, unknown> {
  const confirmed = [u.email_confirmed_at, u.phone_confirmed_at].filter((d): d is Date => d !== null);
  const confirmedAt = confirmed.length ? new Date(Math.min(...confirmed.map((d) => d.getTime()))) : null;
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(confirmedAt),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    factors: factors.length ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** The user's JSON with its identities and factors, fetched in one round trip. */
export async function loadUserJson(sql: Sql, user: UserRow): Promise<Record<string, unknown>> {
  const row = (
    await sql.query<{ identities: IdentityRow[]; factors: FactorRow[] }>(
      `select coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = $1), '[]'::json) as identities,
              coalesce((select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = $1), '[]'::json) as factors`,
      [user.id],
    )
  ).rows[0]!;
  return userJson(user, row.identities.map(reviveIdentity), row.factors);
}
