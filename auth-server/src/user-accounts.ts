import type { Sql } from './db.ts';
import { createIdentity, emailIdentityData, listIdentities, syncProviders, updateIdentityData } from './identities.ts';
import { clearAllOneTimeTokens } from './one-time-tokens.ts';
import { findUserById, insertUser, mergeMetadata, updateUser, type UserRow } from './users.ts';

export interface NewEmailUser {
  email: string;
  passwordHash: string | null;
  data: Record<string, unknown>;
  /** Signup-style users take their identity data as user_metadata (GoTrue's RemoveUnconfirmedIdentities). */
  metadataFromIdentity: boolean;
  appMetadata?: Record<string, unknown>;
  id?: string;
}

/** Inserts a user with its email identity, shaped as GoTrue's signup / admin create leave it. */
export async function createEmailUser(sql: Sql, opts: NewEmailUser): Promise<UserRow> {
  const id = opts.id ?? crypto.randomUUID();
  const identityData = emailIdentityData({ id, email: opts.email }, opts.data);
  const user = await insertUser(sql, {
    id,
    email: opts.email,
    encrypted_password: opts.passwordHash,
    raw_app_meta_data: { provider: 'email', providers: ['email'], ...opts.appMetadata },
    raw_user_meta_data: opts.metadataFromIdentity ? identityData : opts.data,
  });
  await createIdentity(sql, id, 'email', id, identityData);
  return user;
}

/** For an unconfirmed user re-entering by email: ensures the email identity exists, as GoTrue's signup does. */
export async function ensureEmailIdentity(sql: Sql, user: UserRow, data: Record<string, unknown>): Promise<UserRow> {
  const identities = await listIdentities(sql, user.id);
  if (identities.some((i) => i.provider === 'email')) return user;
  const identityData = emailIdentityData(user, data);
  await createIdentity(sql, user.id, 'email', user.id, identityData);
  await sql.query("delete from auth.identities where user_id = $1 and provider <> 'email'", [user.id]);
  await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(identityData, {}) });
  await syncProviders(sql, user.id);
  return (await findUserById(sql, user.id))!;
}

/** GoTrue's User.Confirm: email confirmed, email_verified in metadata, pending one-time tokens cleared. */
export async function confirmUser(sql: Sql, user: UserRow): Promise<UserRow> {
  const confirmed = await updateUser(sql, user.id, {
    email_confirmed_at: new Date(),
    confirmation_token: '',
    raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, { email_verified: true }),
  });
  await clearAllOneTimeTokens(sql, user.id);
  return confirmed;
}

/** signupVerify also marks the matching email identity verified. */
export async function markEmailIdentityVerified(sql: Sql, user: UserRow): Promise<void> {
  for (const identity of await listIdentities(sql, user.id)) {
    if (identity.email && user.email && identity.email === user.email.toLowerCase()) {
      await updateIdentityData(sql, identity.id, { email_verified: true });
    }
  }
}
