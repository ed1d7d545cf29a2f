import type { App } from '../../app.ts';
import type { AuthConfig } from '../../config/config.ts';
import { badRequest, forbidden, unprocessable } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import {
  createIdentity,
  deleteIdentities,
  deleteIdentity,
  emailIdentityData,
  findIdentity,
  listIdentities,
  recordIdentitySignIn,
  syncProviders,
  updateIdentityData,
} from '../store/identities.ts';
import { clearAllOneTimeTokens } from '../store/one-time-tokens.ts';
import { sendNotification } from './emails.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  isConfirmed,
  mergeMetadata,
  updateUser,
  type UserRow,
} from '../store/users.ts';

/** Account life cycle across the users and identities tables: created by email or by a provider, confirmed, linked. */

export interface NewEmailUser {
  email: string;
  passwordHash: string | null;
  data: Record<string, unknown>;
  /**
   * Public signup: the identity data carries `data` too and becomes user_metadata (GoTrue's RemoveUnconfirmedIdentities).
   * Admin-made users (admin create, invite, generate_link) keep user_metadata exactly `data` and the identity's data
   * exactly the claims {sub, email, email_verified, phone_verified}.
   */
  metadataFromIdentity: boolean;
  appMetadata?: Record<string, unknown>;
  id?: string;
}

/** Inserts a user with its email identity, shaped as GoTrue's signup / admin create / invite leave it. */
export async function createEmailUser(sql: Sql, opts: NewEmailUser): Promise<UserRow> {
  const id = opts.id ?? crypto.randomUUID();
  const identityData = emailIdentityData(
    { id, email: opts.email },
    opts.metadataFromIdentity ? opts.data : {},
  );
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
export async function ensureEmailIdentity(
  sql: Sql,
  user: UserRow,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const identities = await listIdentities(sql, user.id);
  if (identities.some((i) => i.provider === 'email')) return user;
  const identityData = emailIdentityData(user, data);
  await createIdentity(sql, user.id, 'email', user.id, identityData);
  await deleteIdentities(sql, user.id, { exceptProvider: 'email' });
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

/** What an identity provider vouches for: its name, the user's stable subject there, and its claims. */
export interface ProviderIdentity {
  provider: string;
  subject: string;
  email: string;
  claims: Record<string, unknown>;
}

/**
 * GoTrue's createAccountFromExternalIdentity with automatic linking by verified email: a known identity signs its
 * user in, a new identity whose email matches a user is linked to it, otherwise a new user is created.
 */
export async function accountForIdentity(
  config: AuthConfig,
  sql: Sql,
  id: ProviderIdentity,
): Promise<UserRow> {
  const { claims } = id;
  let user: UserRow | undefined;
  const existing = await findIdentity(sql, id.provider, id.subject);
  if (existing) {
    await recordIdentitySignIn(sql, existing.id, claims);
    user = (await findUserById(sql, existing.user_id))!;
    user = await updateUser(sql, user.id, {
      raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, claims),
    });
  } else {
    user = await findUserByEmail(sql, id.email);
    if (user) {
      await createIdentity(sql, user.id, id.provider, id.subject, claims);
      user = await updateUser(sql, user.id, {
        raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, claims),
      });
    } else {
      if (!config.enableSignup)
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      user = await insertUser(sql, {
        email: id.email.toLowerCase(),
        raw_app_meta_data: { provider: id.provider, providers: [id.provider] },
        raw_user_meta_data: claims,
      });
      await createIdentity(sql, user.id, id.provider, id.subject, claims);
    }
  }
  await syncProviders(sql, user.id);
  user = (await findUserById(sql, user.id))!;
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (!isConfirmed(user)) {
    // The provider vouches for the email: unconfirmed users keep only this identity, lose their password, and
    // are confirmed (GoTrue's RemoveUnconfirmedIdentities + Confirm).
    const keep = (await listIdentities(sql, user.id)).find(
      (i) => i.provider === id.provider && i.provider_id === id.subject,
    )!;
    await deleteIdentities(sql, user.id, { exceptId: keep.id });
    user = await updateUser(sql, user.id, {
      encrypted_password: null,
      raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, keep.identity_data),
    });
    await syncProviders(sql, user.id);
    user = await confirmUser(sql, (await findUserById(sql, user.id))!);
  }
  return user;
}

/**
 * GoTrue's linkIdentityToUser (identity.go): the provider identity joins the signed-in user who started the flow. A
 * user without an email (anonymous) takes the provider's verified email and stops being anonymous.
 */
export async function linkIdentityToUser(
  app: App,
  sql: Sql,
  targetId: string,
  id: ProviderIdentity,
): Promise<UserRow> {
  const target = await findUserById(sql, targetId);
  if (!target) throw unprocessable('user_not_found', 'Linking target user not found');
  const existing = await findIdentity(sql, id.provider, id.subject);
  if (existing) {
    throw unprocessable(
      'identity_already_exists',
      existing.user_id === target.id
        ? 'Identity is already linked'
        : 'Identity is already linked to another user',
    );
  }
  await createIdentity(sql, target.id, id.provider, id.subject, id.claims);
  if (!target.email) {
    const email = id.email.toLowerCase();
    const holder = await findUserByEmail(sql, email);
    if (holder && holder.id !== target.id)
      throw badRequest('email_exists', 'A user with this email address has already been registered');
    await confirmUser(sql, await updateUser(sql, target.id, { email, is_anonymous: false }));
  }
  await syncProviders(sql, target.id);
  const linked = (await findUserById(sql, target.id))!;
  await sendNotification(app, sql, linked, 'identity_linked', { Provider: id.provider });
  return linked;
}

/**
 * GoTrue's DeleteIdentity checks and unlinking: a user keeps at least one identity, and an email that came from the
 * removed identity is taken from the remaining ones (UpdateUserEmailFromIdentities). Answers the removed provider.
 */
export async function unlinkIdentity(sql: Sql, user: UserRow, identityId: string): Promise<string> {
  const identities = await listIdentities(sql, user.id);
  if (identities.length <= 1)
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  const removed = identities.find((i) => i.id === identityId);
  if (!removed) throw unprocessable('identity_not_found', "Identity doesn't exist");
  await deleteIdentity(sql, removed.id);
  const remaining = identities.filter((i) => i.id !== removed.id);
  if (user.email && !remaining.some((i) => i.email === user.email)) {
    const email = remaining.find((i) => i.email)?.email;
    if (email) {
      const holder = await findUserByEmail(sql, email);
      if (holder && holder.id !== user.id)
        throw unprocessable(
          'email_conflict_identity_not_deletable',
          'Unable to unlink identity due to email conflict',
        );
      await updateUser(sql, user.id, { email });
    }
  }
  await syncProviders(sql, user.id);
  return removed.provider;
}
