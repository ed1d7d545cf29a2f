import { randomBytes } from 'node:crypto';
import { createEmailUser } from '../rules/accounts.ts';
import { confirmationUrl, sendLinkMail } from '../rules/emails.ts';
import { isOneOf, validateEmail } from '../rules/validation.ts';
import type { VerifiedType } from '../rules/verification.ts';
import { generateOtp, tokenHash } from '../../crypto/codes.ts';
import { checkPasswordStrength, hashPassword } from '../../crypto/passwords.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import { saveOneTimeToken, type OneTimeTokenType } from '../store/one-time-tokens.ts';
import {
  findUserByEmail,
  isConfirmed,
  loadUserJson,
  mergeMetadata,
  type UserPatch,
  type UserRow,
  updateUser,
} from '../store/users.ts';
import { emailExists } from './admin-users.ts';

/** POST /admin/generate_link (admin.go: links and OTPs without sending mail, for tests and custom mailers), POST /invite. */

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
type LinkType = (typeof LINK_TYPES)[number];

/** The verification type a generated link carries (a magic link for a new address signs it up). */
function verificationTypeFor(type: LinkType, userExists: boolean): VerifiedType {
  if (type === 'email_change_current' || type === 'email_change_new') return 'email_change';
  return type === 'magiclink' && !userExists ? 'signup' : type;
}

export async function generateLink(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('GenerateLinkParams');
  const type = body.string('type');
  if (!isOneOf(LINK_TYPES, type))
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  const email = validateEmail(body.string('email'));
  const password = body.string('password');
  const data = body.object('data') ?? {};
  const emailChange = type === 'email_change_current' || type === 'email_change_new';
  const newEmail = emailChange ? validateEmail(body.string('new_email')) : '';
  const redirectTo = ctx.redirectTarget(body.string('redirect_to'));
  if (type === 'signup') {
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(app.config, password);
  }
  const passwordHash = await hashPassword(password || randomBytes(24).toString('base64url'));

  const result = await app.db.tx(async (sql) => {
    let user = await findUserByEmail(sql, email);
    const verificationType = verificationTypeFor(type, user !== undefined);
    if (!user) {
      if (type === 'recovery' || emailChange)
        throw notFound('user_not_found', 'User with this email not found');
      user = await createEmailUser(sql, { email, passwordHash, data, metadataFromIdentity: false });
    } else if ((type === 'signup' || type === 'invite') && isConfirmed(user)) {
      throw emailExists();
    } else if (type === 'signup' && Object.keys(data).length) {
      user = await updateUser(sql, user.id, {
        raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data),
      });
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
  return ctx.json(200, result);
}

/** POST /invite (invite.go): creates the user if needed and mails the invite link. */
export async function invite(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('InviteParams');
  const email = validateEmail(body.string('email'));
  const data = body.object('data') ?? {};
  const redirectTo = ctx.redirectTarget();
  const user = await app.db.tx(async (sql) => {
    let user = await findUserByEmail(sql, email);
    if (user && isConfirmed(user)) throw emailExists();
    user ??= await createEmailUser(sql, { email, passwordHash: null, data, metadataFromIdentity: false });
    return sendLinkMail(app, sql, user, 'invite', false, redirectTo);
  });
  return ctx.json(200, await loadUserJson(app.db.sql, user));
}

async function storeLinkToken(
  sql: Sql,
  user: UserRow,
  type: LinkType,
  verificationType: VerifiedType,
  hash: string,
  newEmail: string,
  address: string,
): Promise<UserRow> {
  const now = new Date();
  let patch: UserPatch;
  let ott: OneTimeTokenType;
  if (verificationType === 'signup' || verificationType === 'invite') {
    patch = {
      confirmation_token: hash,
      confirmation_sent_at: now,
      ...(type === 'invite' ? { invited_at: now } : {}),
    };
    ott = 'confirmation_token';
  } else if (verificationType === 'email_change') {
    const current = type === 'email_change_current';
    patch = current
      ? {
          email_change: newEmail,
          email_change_token_current: hash,
          email_change_sent_at: now,
          email_change_confirm_status: 0,
        }
      : {
          email_change: newEmail,
          email_change_token_new: hash,
          email_change_sent_at: now,
          email_change_confirm_status: 0,
        };
    ott = current ? 'email_change_token_current' : 'email_change_token_new';
  } else {
    patch = { recovery_token: hash, recovery_sent_at: now };
    ott = 'recovery_token';
  }
  const updated = await updateUser(sql, user.id, patch);
  await saveOneTimeToken(sql, user.id, ott, hash, address);
  return updated;
}
