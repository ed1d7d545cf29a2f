import { randomBytes } from 'node:crypto';
import type { App } from '../app.ts';
import { requestRedirect, requireAdmin } from '../auth-context.ts';
import type { Sql } from '../db.ts';
import { confirmationUrl, sendLinkMail } from '../email-actions.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import type { Router } from '../http/router.ts';
import { generateOtp, saveOneTimeToken, tokenHash, type OneTimeTokenType } from '../one-time-tokens.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { createEmailUser } from '../user-accounts.ts';
import { findUserByEmail, isConfirmed, loadUserJson, mergeMetadata, type UserPatch, type UserRow, updateUser } from '../users.ts';
import { validateEmail } from '../validation.ts';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** POST /admin/generate_link (no email sent: links and OTPs for tests and custom mailers) and POST /invite. */
export function registerAdminLinkRoutes(router: Router, app: App): void {
  router.add('POST', '/admin/generate_link', async (ctx) => {
    await requireAdmin(app, ctx);
    const body = await ctx.body('GenerateLinkParams');
    const type = body.string('type');
    if (!LINK_TYPES.includes(type)) throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
    const email = validateEmail(body.string('email'));
    const password = body.string('password');
    const data = body.object('data') ?? {};
    const newEmail = type.startsWith('email_change') ? validateEmail(body.string('new_email')) : '';
    const redirectTo = requestRedirect(app, ctx);
    if (type === 'signup') {
      if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
      checkPasswordStrength(app.config, password);
    }
    const passwordHash = await hashPassword(password || randomBytes(24).toString('base64url'));

    const result = await app.db.tx(async (sql) => {
      let user = await findUserByEmail(sql, email);
      let verificationType = type.startsWith('email_change') ? 'email_change' : type;
      if (!user) {
        if (type === 'recovery' || type.startsWith('email_change')) throw notFound('user_not_found', 'User with this email not found');
        if (type === 'magiclink') verificationType = 'signup';
        user = await createEmailUser(sql, { email, passwordHash, data, metadataFromIdentity: type !== 'invite' });
      } else if ((type === 'signup' || type === 'invite') && isConfirmed(user)) {
        throw emailExists();
      } else if (type === 'signup' && Object.keys(data).length) {
        user = await updateUser(sql, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
      }
      if (newEmail && (await findUserByEmail(sql, newEmail))) throw emailExists();
      const otp = generateOtp(app.config.email.otpLength);
      const address = type === 'email_change_new' ? newEmail : email;
      const hash = tokenHash(address, otp);
      user = await storeLinkToken(sql, user, type, verificationType, hash, newEmail, address);
      return {
        ...(await loadUserJson(sql, user)),
        action_link: confirmationUrl(app, hash, verificationType, redirectTo),
        email_otp: otp,
        hashed_token: hash,
        verification_type: verificationType,
        redirect_to: redirectTo,
      };
    });
    ctx.json(200, result);
  });

  router.add('POST', '/invite', async (ctx) => {
    await requireAdmin(app, ctx);
    const body = await ctx.body('InviteParams');
    const email = validateEmail(body.string('email'));
    const data = body.object('data') ?? {};
    const redirectTo = requestRedirect(app, ctx);
    const user = await app.db.tx(async (sql) => {
      let user = await findUserByEmail(sql, email);
      if (user && isConfirmed(user)) throw emailExists();
      user ??= await createEmailUser(sql, { email, passwordHash: null, data, metadataFromIdentity: false });
      return sendLinkMail(app, sql, user, 'invite', false, redirectTo);
    });
    ctx.json(200, await loadUserJson(app.db.sql, user));
  });
}

async function storeLinkToken(
  sql: Sql,
  user: UserRow,
  type: string,
  verificationType: string,
  hash: string,
  newEmail: string,
  address: string,
): Promise<UserRow> {
  const now = new Date();
  let patch: UserPatch;
  let ott: OneTimeTokenType;
  if (verificationType === 'signup' || verificationType === 'invite') {
    patch = { confirmation_token: hash, confirmation_sent_at: now, ...(type === 'invite' ? { invited_at: now } : {}) };
    ott = 'confirmation_token';
  } else if (verificationType === 'email_change') {
    const current = type === 'email_change_current';
    patch = current
      ? { email_change: newEmail, email_change_token_current: hash, email_change_sent_at: now, email_change_confirm_status: 0 }
      : { email_change: newEmail, email_change_token_new: hash, email_change_sent_at: now, email_change_confirm_status: 0 };
    ott = current ? 'email_change_token_current' : 'email_change_token_new';
  } else {
    patch = { recovery_token: hash, recovery_sent_at: now };
    ott = 'recovery_token';
  }
  const updated = await updateUser(sql, user.id, patch);
  await saveOneTimeToken(sql, user.id, ott, hash, address);
  return updated;
}
