import type { App } from '../../app.ts';
import { sendEmailChange, sendNotification, sendReauthentication } from '../rules/emails.ts';
import { isOneOf, validateEmail, validatePkce } from '../rules/validation.ts';
import { countingWrongCodes, verifyEmailChange } from '../rules/verification.ts';
import { tokenHash } from '../../crypto/codes.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../../crypto/passwords.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, forbidden, unauthorized, unprocessable } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import { createFlowState, type Pkce } from '../store/flow-state.ts';
import { syncProviders } from '../store/identities.ts';
import { clearAllOneTimeTokens } from '../store/one-time-tokens.ts';
import { secondFactorOwed } from '../store/factors.ts';
import { endSessions, isRecoverySession, type LogoutScope, sessionCreatedAt } from '../store/sessions.ts';
import {
  findUserByEmail,
  findUserById,
  isConfirmed,
  loadUserJson,
  mergeMetadata,
  updateUser,
  type UserRow,
} from '../store/users.ts';
import type { Authenticated } from './guards.ts';

/** The signed-in user's endpoints: GET and PUT /user (user.go), GET /reauthenticate, POST /logout. */

export async function getUser(ctx: RequestContext, { user }: Authenticated): Promise<Response> {
  return ctx.json(200, await loadUserJson(ctx.app.db.sql, user));
}

/** GET /reauthenticate (reauthenticate.go): mails a code that later authorizes a password change. */
export async function reauthenticate(ctx: RequestContext, { user }: Authenticated): Promise<Response> {
  const { app } = ctx;
  if (!user.email)
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await app.db.tx((sql) => sendReauthentication(app, sql, user));
  return ctx.json(200, {});
}

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/** POST /logout?scope=global|local|others (logout.go). */
export async function logout(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const scope = ctx.query.get('scope') || 'global';
  if (!isOneOf(LOGOUT_SCOPES, scope))
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  await ctx.app.db.tx((sql) => endSessions(sql, auth.user.id, scope, auth.sessionId));
  return ctx.noContent();
}

/** PUT /user: metadata, a new password (with the reauthentication nonce when required) or a new email address. */
export async function updateCurrentUser(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('UserUpdateParams');
  const email = body.string('email');
  const password = body.has('password') ? body.string('password') : undefined;
  const nonce = body.string('nonce');
  const data = body.object('data');
  const phone = body.string('phone');
  if (body.object('app_metadata') !== undefined)
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  // A user with a verified factor changes email, phone or password only from an aal2 session (GoTrue compares as sent).
  const changesCredentials =
    !!password ||
    (email !== '' && email !== (auth.user.email ?? '')) ||
    (phone !== '' && phone !== (auth.user.phone ?? ''));
  if (changesCredentials && (await secondFactorOwed(app.db.sql, auth.user.id, auth.sessionId))) {
    throw unauthorized(
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  if (password !== undefined && auth.user.is_anonymous && email === '' && phone === '') {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
  const redirectTo = ctx.redirectTarget();

  let newEmail: string | undefined;
  if (email !== '' && email.toLowerCase() !== auth.user.email) {
    newEmail = validateEmail(email);
    if (await findUserByEmail(app.db.sql, newEmail)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }
  if (password !== undefined) checkPasswordStrength(app.config, password);
  const currentPassword = body.string('current_password');
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;

  const update = app.db.tx(async (sql) => {
    let user = (await findUserById(sql, auth.user.id))!;
    if (password !== undefined && passwordHash !== undefined) {
      // GoTrue's order: the reauthentication nonce, then the same-password check.
      if (app.config.email.securePasswordChange) await checkNonce(app, sql, auth, nonce);
      if (app.config.updatePasswordRequireCurrentPassword && user.encrypted_password) {
        await checkCurrentPassword(sql, auth, user.encrypted_password, currentPassword);
      }
      if (await verifyPassword(password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      user = await updateUser(sql, user.id, { encrypted_password: passwordHash });
      await endSessions(sql, user.id, 'others', auth.sessionId);
      // GoTrue sends it here, before `data` is applied: the notice speaks the language stored until now.
      await sendNotification(app, sql, user, 'password_changed');
    }
    if (data)
      user = await updateUser(sql, user.id, {
        raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data),
      });
    if (newEmail) user = await changeEmail(app, sql, user, newEmail, redirectTo, pkce);
    return user;
  });
  // A wrong reauthentication nonce counts against the codes mailed to the user, as a wrong /verify code does.
  const updated = await (nonce !== '' && auth.user.email
    ? countingWrongCodes(app, auth.user.email, update)
    : update);
  return ctx.json(200, await loadUserJson(app.db.sql, updated));
}

/**
 * GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: a user who has a password names it, except in a session begun
 * through a recovery link or code (the user forgot it). Both failures answer 400 with GoTrue's one message.
 */
async function checkCurrentPassword(
  sql: Sql,
  auth: Authenticated,
  encryptedPassword: string,
  currentPassword: string,
): Promise<void> {
  if (await isRecoverySession(sql, auth.sessionId)) return;
  const message = 'Current password required when setting new password.';
  if (currentPassword === '') throw badRequest('current_password_required', message);
  if (!(await verifyPassword(currentPassword, encryptedPassword)))
    throw badRequest('current_password_invalid', message);
}

/** secure_password_change: sessions older than 24 h need the emailed reauthentication code as `nonce`. */
async function checkNonce(app: App, sql: Sql, auth: Authenticated, nonce: string): Promise<void> {
  const createdAt = auth.sessionId ? await sessionCreatedAt(sql, auth.sessionId) : undefined;
  if (createdAt && Date.now() < createdAt.getTime() + 24 * 3_600_000) return;
  if (nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const user = auth.user;
  const sentAt = user.reauthentication_sent_at;
  const valid =
    user.reauthentication_token !== '' &&
    user.reauthentication_token === tokenHash(user.email ?? '', nonce) &&
    sentAt !== null &&
    Date.now() <= sentAt.getTime() + app.config.email.otpExpiry * 1000;
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  // GoTrue's ConfirmReauthentication: the nonce is spent and every one-time token of the user goes with it.
  await updateUser(sql, user.id, { reauthentication_token: '' });
  await clearAllOneTimeTokens(sql, user.id);
}

async function changeEmail(
  app: App,
  sql: Sql,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: Pkce | undefined,
): Promise<UserRow> {
  if (!app.config.email.enableConfirmations) {
    // Autoconfirm: GoTrue runs emailChangeVerify at once (an anonymous user gets its email identity here).
    const changed = await verifyEmailChange(
      app,
      sql,
      await updateUser(sql, user.id, { email_change: newEmail }),
      '',
    );
    await syncProviders(sql, user.id);
    return changed!;
  }
  if (pkce)
    await createFlowState(sql, {
      pkce,
      userId: user.id,
      providerType: 'email_change',
      authMethod: 'email_change',
    });
  return sendEmailChange(app, sql, user, newEmail, pkce !== undefined, redirectTo);
}
