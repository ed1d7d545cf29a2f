import type { App } from './app.ts';
import type { Sql } from './db.ts';
import { forbidden, unprocessable } from './errors.ts';
import { createIdentity, findIdentity, listIdentities, syncProviders } from './identities.ts';
import { identityClaims, type IdpIdentity } from './local-idp.ts';
import { confirmUser } from './user-accounts.ts';
import { findUserByEmail, findUserById, insertUser, isBanned, isConfirmed, mergeMetadata, updateUser, type UserRow } from './users.ts';

/**
 * GoTrue's createAccountFromExternalIdentity with automatic linking by verified email: a known identity signs its
 * user in, a new identity whose email matches a user is linked to it, otherwise a new user is created.
 */
export async function accountForIdentity(app: App, sql: Sql, id: IdpIdentity): Promise<UserRow> {
  const claims = identityClaims(id);
  let user: UserRow | undefined;
  const existing = await findIdentity(sql, id.provider, id.subject);
  if (existing) {
    await sql.query('update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1', [
      existing.id,
      JSON.stringify(claims),
    ]);
    user = (await findUserById(sql, existing.user_id))!;
    user = await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, claims) });
  } else {
    user = await findUserByEmail(sql, id.email);
    if (user) {
      await createIdentity(sql, user.id, id.provider, id.subject, claims);
      user = await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, claims) });
    } else {
      if (!app.config.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
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
    const keep = (await listIdentities(sql, user.id)).find((i) => i.provider === id.provider && i.provider_id === id.subject)!;
    await sql.query('delete from auth.identities where user_id = $1 and id <> $2', [user.id, keep.id]);
    user = await updateUser(sql, user.id, { encrypted_password: null, raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, keep.identity_data) });
    await syncProviders(sql, user.id);
    user = await confirmUser(sql, (await findUserById(sql, user.id))!);
  }
  return user;
}
