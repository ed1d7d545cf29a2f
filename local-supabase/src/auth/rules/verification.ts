import { randomBytes } from 'node:crypto';
import type { App } from '../../app.ts';
import { storedHashMatches, tokenHash } from '../../crypto/codes.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { ApiError, badRequest, forbidden } from '../../errors.ts';
import type { Sql } from '../../db/database.ts';
import {
  createIdentity,
  emailIdentityData,
  findEmailIdentity,
  syncProviders,
  updateIdentityData,
} from '../store/identities.ts';
import { clearAllOneTimeTokens, clearOneTimeToken } from '../store/one-time-tokens.ts';
import {
  findUserByEmail,
  findUserByEmailChangeHash,
  findUserById,
  findUserForEmailChange,
  isBanned,
  isConfirmed,
  mergeMetadata,
  updateUser,
  type UserRow,
} from '../store/users.ts';
import { confirmUser, markEmailIdentityVerified } from './accounts.ts';
import { sendNotification } from './emails.ts';
import { isOneOf } from './validation.ts';

/** The `type` of POST/GET /verify and of emailed links (GoTrue's mail.*Verification for email). */
export const VERIFICATION_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];
/** `email` (a code from any email) resolves to the action its token belongs to. */
export type VerifiedType = Exclude<VerificationType, 'email'>;

export function parseVerificationType(type: string): VerificationType | undefined {
  return isOneOf(VERIFICATION_TYPES, type) ? type : undefined;
}

export interface Verified {
  user: UserRow;
  type: VerifiedType;
}

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
export const tokenInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

function expired(app: App, sentAt: Date | null): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + app.config.email.otpExpiry * 1000;
}

function sentAtFor(user: UserRow, type: VerifiedType): Date | null {
  if (type === 'signup' || type === 'invite') return user.confirmation_sent_at;
  if (type === 'email_change') return user.email_change_sent_at;
  return user.recovery_sent_at;
}

/** The users columns each type's token hash is stored in. */
const HASH_COLUMNS: Record<VerificationType, string> = {
  email: '(confirmation_token = $1 or recovery_token = $1)',
  signup: 'confirmation_token = $1',
  invite: 'confirmation_token = $1',
  recovery: 'recovery_token = $1',
  magiclink: 'recovery_token = $1',
  email_change: '(email_change_token_current = $1 or email_change_token_new = $1)',
};

/** GoTrue's verifyTokenHash: finds the user by the stored hash; type `email` resolves to signup or magiclink. */
export async function userByTokenHash(
  app: App,
  sql: Sql,
  type: VerificationType | undefined,
  hash: string,
): Promise<Verified> {
  if (!type) throw badRequest('validation_failed', 'Invalid email verification type');
  const user =
    hash === ''
      ? undefined
      : (await sql.query<UserRow>(`select * from auth.users where ${HASH_COLUMNS[type]}`, [hash])).rows[0];
  if (!user) throw linkInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const resolved = type === 'email' ? (user.recovery_token === hash ? 'magiclink' : 'signup') : type;
  if (expired(app, sentAtFor(user, resolved))) throw linkInvalid();
  return { user, type: resolved };
}

/**
 * GoTrue's FindUserForEmailChange: by the code's hash (made with the address it was sent to), the current address's
 * half first when both must confirm, then the new one's. Not by address alone: the new one may meanwhile be someone
 * else's.
 */
async function userForEmailChange(app: App, sql: Sql, hash: string): Promise<UserRow | undefined> {
  const current = app.config.email.doubleConfirmChanges
    ? await findUserByEmailChangeHash(sql, 'email_change_token_current', hash)
    : undefined;
  return current ?? (await findUserByEmailChangeHash(sql, 'email_change_token_new', hash));
}

/** GoTrue's verifyUserAndToken: email + OTP; the hash is recomputed and compared with the stored one. */
export async function userByEmailAndOtp(
  app: App,
  sql: Sql,
  type: VerificationType | undefined,
  email: string,
  otp: string,
): Promise<Verified> {
  const hash = tokenHash(email, otp);
  const matches = (stored: string, sentAt: Date | null) =>
    storedHashMatches(stored, hash) && !expired(app, sentAt);
  const user =
    type === 'email_change' ? await userForEmailChange(app, sql, hash) : await findUserByEmail(sql, email);
  if (!user) throw tokenInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let resolved: VerifiedType | undefined;
  if (type === 'email') {
    if (matches(user.confirmation_token, user.confirmation_sent_at)) resolved = 'signup';
    else if (matches(user.recovery_token, user.recovery_sent_at)) resolved = 'magiclink';
  } else if (type === 'signup' || type === 'invite') {
    if (matches(user.confirmation_token, user.confirmation_sent_at)) resolved = type;
  } else if (type === 'recovery' || type === 'magiclink') {
    if (matches(user.recovery_token, user.recovery_sent_at)) resolved = type;
  } else if (type === 'email_change') {
    const sentAt = user.email_change_sent_at;
    if (matches(user.email_change_token_current, sentAt) || matches(user.email_change_token_new, sentAt))
      resolved = type;
  }
  if (!resolved) throw tokenInvalid();
  return { user, type: resolved };
}

/**
 * Counts a wrong code for an address; after MAX_FAILED_OTP_ATTEMPTS every code mailed to it (signup, magic link,
 * recovery, email change, reauthentication) is void, so six digits cannot be worked through. Runs outside the
 * failed request's transaction, which rolls back.
 */
async function countWrongCode(app: App, email: string): Promise<void> {
  if (!app.limits.otpFailed(email)) return;
  await app.db.tx(async (sql) => {
    for (const user of [await findUserByEmail(sql, email), await findUserForEmailChange(sql, email)]) {
      if (!user) continue;
      const voided = {
        confirmation_token: '',
        recovery_token: '',
        email_change_token_current: '',
        email_change_token_new: '',
        reauthentication_token: '',
      };
      await updateUser(sql, user.id, voided);
      await clearAllOneTimeTokens(sql, user.id);
    }
  });
}

/** Awaits a code check for `email`: a wrong code (otp_expired, reauthentication_not_valid) counts, a right one resets. */
export async function countingWrongCodes<T>(app: App, email: string, check: Promise<T>): Promise<T> {
  try {
    const result = await check;
    app.limits.otpReset(email);
    return result;
  } catch (err) {
    if (err instanceof ApiError && WRONG_CODE.has(err.code)) await countWrongCode(app, email);
    throw err;
  }
}

const WRONG_CODE = new Set(['otp_expired', 'reauthentication_not_valid']);

/**
 * Applies a verified token. Returns the updated user, or undefined for the first half of a secure email change
 * (both the old and the new address must confirm).
 */
export async function applyVerification(
  app: App,
  sql: Sql,
  { user, type }: Verified,
  hash: string,
): Promise<UserRow | undefined> {
  let result: UserRow;
  if (type === 'signup' || type === 'invite') {
    if (!user.encrypted_password && user.invited_at) {
      user = await updateUser(sql, user.id, {
        encrypted_password: await hashPassword(randomBytes(32).toString('base64url')),
      });
    }
    result = await confirmUser(sql, user);
    await markEmailIdentityVerified(sql, result);
  } else if (type === 'recovery' || type === 'magiclink') {
    user = await updateUser(sql, user.id, { recovery_token: '' });
    await clearOneTimeToken(sql, user.id, 'recovery_token');
    result = isConfirmed(user) ? user : await confirmUser(sql, user);
  } else {
    const changed = await verifyEmailChange(app, sql, user, hash);
    if (!changed) return undefined;
    result = changed;
  }
  await syncProviders(sql, result.id);
  return (await findUserById(sql, result.id))!;
}

/**
 * GoTrue's emailChangeVerify: the first of two confirmations (secure change) is only recorded; otherwise the address
 * switches, the email identity is updated or created and the user is confirmed and no longer anonymous.
 */
export async function verifyEmailChange(
  app: App,
  sql: Sql,
  user: UserRow,
  hash: string,
): Promise<UserRow | undefined> {
  const { enableConfirmations, doubleConfirmChanges } = app.config.email;
  if (enableConfirmations && doubleConfirmChanges && user.email_change_confirm_status === 0 && user.email) {
    const current = storedHashMatches(user.email_change_token_current, hash);
    await updateUser(
      sql,
      user.id,
      current
        ? { email_change_confirm_status: 1, email_change_token_current: '' }
        : { email_change_confirm_status: 1, email_change_token_new: '' },
    );
    await clearOneTimeToken(sql, user.id, current ? 'email_change_token_current' : 'email_change_token_new');
    return undefined;
  }
  const newEmail = user.email_change;
  const emailIdentity = await findEmailIdentity(sql, user.id);
  if (emailIdentity)
    await updateIdentityData(sql, emailIdentity.id, { email: newEmail, email_verified: true });
  else
    await createIdentity(sql, user.id, 'email', user.id, {
      ...emailIdentityData({ ...user, email: newEmail }),
      email_verified: true,
    });
  const metadata =
    'email' in user.raw_user_meta_data
      ? mergeMetadata(user.raw_user_meta_data, { email: newEmail })
      : user.raw_user_meta_data;
  const updated = await updateUser(sql, user.id, {
    email: newEmail,
    email_change: '',
    email_change_token_current: '',
    email_change_token_new: '',
    email_change_confirm_status: 0,
    raw_user_meta_data: metadata,
    is_anonymous: false,
  });
  await clearAllOneTimeTokens(sql, user.id);
  const oldEmail = user.email ?? '';
  if (oldEmail !== '' && newEmail !== '' && oldEmail !== newEmail)
    await sendNotification(app, sql, updated, 'email_changed', { to: oldEmail, OldEmail: oldEmail });
  return isConfirmed(updated) ? updated : confirmUser(sql, updated);
}
