import type { App } from '../app.ts';
import { type Authenticated, requestRedirect, requireUser } from '../auth-context.ts';
import type { Sql } from '../db.ts';
import { sendEmailChange, sendReauthentication } from '../email-actions.ts';
import { badRequest, forbidden, unprocessable } from '../errors.ts';
import { createFlowState, validatePkce } from '../flow-state.ts';
import type { RequestContext } from '../http/context.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { listIdentities, updateIdentityData } from '../identities.ts';
import { clearOneTimeToken, tokenHash } from '../one-time-tokens.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { endSessions } from '../sessions.ts';
import { findUserByEmail, findUserById, isConfirmed, loadUserJson, mergeMetadata, updateUser, type UserRow } from '../users.ts';
import { validateEmail } from '../validation.ts';

/** GET /user, PUT /user, GET /reauthenticate, POST /logout (user.go, reauthenticate.go, logout.go). */
export function registerUserRoutes(router: Router, app: App): void {
  router.add('GET', '/user', async (ctx) => {
    const { user } = await requireUser(app, ctx);
    ctx.json(200, await loadUserJson(app.db.sql, user));
  });

  router.add('PUT', '/user', (ctx) => updateCurrentUser(app, ctx));

  router.add('GET', '/reauthenticate', async (ctx) => {
    const { user } = await requireUser(app, ctx);
    if (!user.email) throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
    if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    await app.db.tx((sql) => sendReauthentication(app, sql, user));
    ctx.json(200, {});
  });

  router.add('POST', '/logout', async (ctx) => {
    const auth = await requireUser(app, ctx);
    await ctx.consumeBody();
    const scope = ctx.query.get('scope') || 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    }
    await app.db.tx((sql) => endSessions(sql, auth.user.id, scope, auth.sessionId));
    ctx.noContent();
  });
}

async function updateCurrentUser(app: App, ctx: RequestContext): Promise<void> {
  const auth = await requireUser(app, ctx);
  const body = await ctx.body('UserUpdateParams');
  const email = body.string('email');
  const password = body.has('password') ? body.string('password') : undefined;
  const nonce = body.string('nonce');
  const data = body.object('data');
  body.string('phone');
  if (body.object('app_metadata') !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
  const redirectTo = requestRedirect(app, ctx);

  let newEmail: string | undefined;
  if (email !== '' && email.toLowerCase() !== auth.user.email) {
    newEmail = validateEmail(email);
    if (await findUserByEmail(app.db.sql, newEmail)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }
  const passwordHash = password !== undefined ? await checkNewPassword(app, auth, password, body) : undefined;

  const updated = await app.db.tx(async (sql) => {
    let user = (await findUserById(sql, auth.user.id))!;
    if (passwordHash !== undefined) {
      if (app.config.email.securePasswordChange) await checkNonce(app, sql, auth, nonce);
      user = await updateUser(sql, user.id, { encrypted_password: passwordHash });
      await endSessions(sql, user.id, 'others', auth.sessionId);
    }
    if (data) user = await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
    if (newEmail) user = await changeEmail(app, sql, user, newEmail, pkce !== undefined, redirectTo, pkce);
    return user;
  });
  ctx.json(200, await loadUserJson(app.db.sql, updated));
}

async function checkNewPassword(app: App, auth: Authenticated, password: string, body: Params): Promise<string> {
  checkPasswordStrength(app.config, password);
  if (await verifyPassword(password, auth.user.encrypted_password)) {
    throw unprocessable('same_password', 'New password should be different from the old password.');
  }
  body.string('current_password');
  return hashPassword(password);
}

/** secure_password_change: sessions older than 24 h need the emailed reauthentication code as `nonce`. */
async function checkNonce(app: App, sql: Sql, auth: Authenticated, nonce: string): Promise<void> {
  const session = auth.sessionId
    ? (await sql.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [auth.sessionId])).rows[0]
    : undefined;
  if (session && Date.now() < session.created_at.getTime() + 24 * 3_600_000) return;
  if (nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const user = auth.user;
  const sentAt = user.reauthentication_sent_at;
  const valid = user.reauthentication_token !== '' && user.reauthentication_token === tokenHash(user.email ?? '', nonce) &&
    sentAt !== null && Date.now() <= sentAt.getTime() + app.config.email.otpExpiry * 1000;
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  await updateUser(sql, user.id, { reauthentication_token: '' });
  await clearOneTimeToken(sql, user.id, 'reauthentication_token');
}

async function changeEmail(
  app: App,
  sql: Sql,
  user: UserRow,
  newEmail: string,
  pkce: boolean,
  redirectTo: string,
  challenge: ReturnType<typeof validatePkce>,
): Promise<UserRow> {
  if (!app.config.email.enableConfirmations) {
    // Autoconfirm: GoTrue switches the address at once and updates the email identity.
    const identity = (await listIdentities(sql, user.id)).find((i) => i.provider === 'email');
    if (identity) await updateIdentityData(sql, identity.id, { email: newEmail });
    return updateUser(sql, user.id, { email: newEmail });
  }
  if (challenge) await createFlowState(sql, { ...challenge, userId: user.id, providerType: 'email_change', authMethod: 'email_change' });
  return sendEmailChange(app, sql, user, newEmail, pkce, redirectTo);
}
