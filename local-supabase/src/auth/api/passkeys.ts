import {
  assertedUserId,
  authenticationOptions,
  parseAssertion,
  passkeyFriendlyName,
  registrationOptions,
  verificationFailed,
  verifyAuthentication,
  verifyRegistration,
} from '../rules/passkeys.ts';
import { signIn } from '../rules/session-tokens.ts';
import { isUuid } from '../rules/validation.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../errors.ts';
import {
  type ChallengeRow,
  type ChallengeType,
  consumeChallenge,
  countPasskeys,
  deletePasskey,
  findUserPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  passkeyExists,
  type PasskeyRow,
  recordPasskeyUse,
  renamePasskey,
} from '../store/passkeys.ts';
import { secondFactorOwed } from '../store/factors.ts';
import { findUserById, isBanned, isConfirmed, type UserRow } from '../store/users.ts';
import { type Authenticated, loadedUser, sessionClientOf } from './guards.ts';

/** /passkeys/* and the admin passkey routes (passkey_registration.go, passkey_authentication.go, passkey_manage.go, passkey_admin.go). */

const tooMany = () => unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
const passkeyNotFound = () => notFound('validation_failed', 'Passkey not found');
/** GoTrue's friendly_name limit, counted in bytes. */
const MAX_NAME_BYTES = 120;

/** GoTrue's PasskeyListItem: friendly_name and last_used_at left out when empty. */
function listItem(p: PasskeyRow): Record<string, unknown> {
  return {
    id: p.id,
    ...(p.friendly_name ? { friendly_name: p.friendly_name } : {}),
    created_at: p.created_at.toISOString(),
    ...(p.last_used_at ? { last_used_at: p.last_used_at.toISOString() } : {}),
  };
}

/** requirePasskeyManagementAAL: with a verified MFA factor, registering or deleting needs an aal2 session. */
async function requireManagementAal(ctx: RequestContext, auth: Authenticated): Promise<void> {
  if (await secondFactorOwed(ctx.app.db.sql, auth.user.id, auth.sessionId)) {
    throw forbidden('insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

/** The options answer: the challenge stored with its expiry, the bare publicKey options, the expiry in unix seconds. */
async function challengeResponse(
  ctx: RequestContext,
  userId: string | null,
  type: ChallengeType,
  made: Awaited<ReturnType<typeof authenticationOptions>>,
): Promise<Response> {
  const expiresAt = new Date(Date.now() + ctx.app.config.webauthn.challengeExpiryMs);
  const challenge = await insertChallenge(ctx.app.db.sql, userId, type, made.session, expiresAt);
  return ctx.json(200, {
    challenge_id: challenge.id,
    options: made.options,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  });
}

/** POST /passkeys/registration/options */
export async function registrationStart(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  await requireManagementAal(ctx, auth);
  const existing = await listPasskeys(ctx.app.db.sql, auth.user.id);
  if (existing.length >= ctx.app.config.passkey.maxPerUser) throw tooMany();
  return challengeResponse(
    ctx,
    auth.user.id,
    'registration',
    await registrationOptions(ctx.app.config.webauthn, auth.user, existing),
  );
}

/**
 * The verify steps both ceremonies share: body, challenge_id and credential checks, then the challenge taken out
 * (in its own statement, so it is used up even when what follows fails) and its expiry.
 */
async function takeChallenge(
  ctx: RequestContext,
  struct: string,
  type: ChallengeType,
  userId: string | null,
): Promise<{ challenge: ChallengeRow; credential: unknown }> {
  const body = await ctx.body(struct);
  const challengeId = body.string('challenge_id');
  if (challengeId === '') throw badRequest('validation_failed', 'challenge_id is required');
  if (!Object.hasOwn(body.raw, 'credential')) throw badRequest('validation_failed', 'credential is required');
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID');
  const challenge = await consumeChallenge(ctx.app.db.sql, challengeId, type, userId);
  if (!challenge) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (challenge.expires_at.getTime() < Date.now())
    throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return { challenge, credential: body.raw.credential };
}

/** POST /passkeys/registration/verify */
export async function registrationFinish(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  await requireManagementAal(ctx, auth);
  const { challenge, credential } = await takeChallenge(
    ctx,
    'PasskeyRegistrationVerifyParams',
    'registration',
    auth.user.id,
  );
  const verified = await verifyRegistration(
    app.config.webauthn,
    challenge.session_data,
    auth.user.id,
    credential,
  );
  const created = await app.db.tx(async (sql) => {
    if ((await countPasskeys(sql, auth.user.id)) >= app.config.passkey.maxPerUser) throw tooMany();
    if (await passkeyExists(sql, verified.credential_id))
      throw unprocessable('webauthn_credential_exists', 'This credential is already registered');
    return insertPasskey(sql, { ...verified, friendly_name: passkeyFriendlyName(verified.aaguid) });
  });
  return ctx.json(200, listItem(created));
}

/** POST /passkeys/authentication/options: a discoverable login, so the challenge belongs to no one yet. */
export async function authenticationStart(ctx: RequestContext): Promise<Response> {
  return challengeResponse(ctx, null, 'authentication', await authenticationOptions(ctx.app.config.webauthn));
}

/** POST /passkeys/authentication/verify: signs the passkey's owner in, as the password grant does, with amr `passkey`. */
export async function authenticationFinish(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const { challenge, credential: raw } = await takeChallenge(
    ctx,
    'PasskeyAuthenticationVerifyParams',
    'authentication',
    null,
  );
  const credential = parseAssertion(raw);
  const userId = assertedUserId(credential);
  const user: UserRow | undefined = userId ? await findUserById(app.db.sql, userId) : undefined;
  const passkeys = user ? await listPasskeys(app.db.sql, user.id) : [];
  if (!user || !passkeys.length) throw verificationFailed();
  const { passkey, counter } = await verifyAuthentication(
    app.config.webauthn,
    challenge.session_data,
    credential,
    passkeys,
  );
  if (user.email && !isConfirmed(user)) throw forbidden('email_not_confirmed', 'Email not confirmed');
  if (user.phone && !user.phone_confirmed_at) throw forbidden('phone_not_confirmed', 'Phone not confirmed');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const session = await app.db.tx(async (sql) => {
    await recordPasskeyUse(sql, passkey.id, counter);
    return signIn(app, sql, user.id, 'passkey', sessionClientOf(ctx));
  });
  return ctx.json(200, session);
}

/** GET /passkeys: `[]` when there are none. */
export async function list(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  return ctx.json(200, (await listPasskeys(ctx.app.db.sql, auth.user.id)).map(listItem));
}

/** PATCH /passkeys/{passkey_id}: renames one of the caller's passkeys. */
export async function rename(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const id = ctx.params.passkey_id ?? '';
  if (!isUuid(id)) throw passkeyNotFound();
  const name = (await ctx.body('PasskeyUpdateParams')).string('friendly_name');
  if (name === '') throw badRequest('validation_failed', 'friendly_name is required');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw badRequest('validation_failed', 'friendly_name must be 120 characters or less');
  const renamed = await ctx.app.db.tx(async (sql) => {
    if (!(await findUserPasskey(sql, auth.user.id, id))) throw passkeyNotFound();
    return renamePasskey(sql, id, name);
  });
  return ctx.json(200, listItem(renamed));
}

/** DELETE /passkeys/{passkey_id}: 204; the last passkey may go too. */
export async function remove(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  await requireManagementAal(ctx, auth);
  await deleteOwned(ctx, auth.user.id, ctx.params.passkey_id ?? '');
  return ctx.noContent();
}

async function deleteOwned(ctx: RequestContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw passkeyNotFound();
  await ctx.app.db.tx(async (sql) => {
    if (!(await findUserPasskey(sql, userId, id))) throw passkeyNotFound();
    await deletePasskey(sql, id);
  });
}

/** GET /admin/users/{user_id}/passkeys (not gated by [auth.passkey] enabled). */
export async function adminList(ctx: RequestContext): Promise<Response> {
  const user = loadedUser(ctx);
  return ctx.json(200, (await listPasskeys(ctx.app.db.sql, user.id)).map(listItem));
}

/** DELETE /admin/users/{user_id}/passkeys/{passkey_id} */
export async function adminRemove(ctx: RequestContext): Promise<Response> {
  const user = loadedUser(ctx);
  await deleteOwned(ctx, user.id, ctx.params.passkey_id ?? '');
  return ctx.noContent();
}
