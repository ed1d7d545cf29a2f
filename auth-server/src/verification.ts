import { randomBytes } from 'node:crypto';
import type { App } from './app.ts';
import type { Sql } from './db.ts';
import { badRequest, forbidden } from './errors.ts';
import { createIdentity, emailIdentityData, listIdentities, syncProviders, updateIdentityData } from './identities.ts';
import { clearAllOneTimeTokens, clearOneTimeToken, tokenHash } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';
import { confirmUser, markEmailIdentityVerified } from './user-accounts.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, mergeMetadata, updateUser, type UserRow } from './users.ts';

export const EMAIL_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const tokenInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');

function expired(app: App, sentAt: Date | null): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + app.config.email.otpExpiry * 1000;
}

function sentAtFor(user: UserRow, type: string): Date | null {
  if (type === 'signup' || type === 'invite') return user.confirmation_sent_at;
  if (type === 'email_change') return user.email_change_sent_at;
  return user.recovery_sent_at;
}

/** GoTrue's verifyTokenHash: finds the user by the stored hash; type `email` resolves to signup or magiclink. */
export async function userByTokenHash(app: App, sql: Sql, type: string, hash: string): Promise<{ user: UserRow; type: string }> {
  const column: Record<string, string> = {
    email: '(confirmation_token = $1 or recovery_token = $1)',
    signup: 'confirmation_token = $1',
    invite: 'confirmation_token = $1',
    recovery: 'recovery_token = $1',
    magiclink: 'recovery_token = $1',
    email_change: '(email_change_token_current = $1 or email_change_token_new = $1)',
  };
  const where = column[type];
  if (!where) throw badRequest('validation_failed', 'Invalid email verification type');
  const user = hash === '' ? undefined : (await sql.query<UserRow>(`select * from auth.users where ${where}`, [hash])).rows[0];
  if (!user) throw linkInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const resolved = type === 'email' ? (user.recovery_token === hash ? 'magiclink' : 'signup') : type;
  if (expired(app, sentAtFor(user, resolved))) throw linkInvalid();
  return { user, type: resolved };
}

/** GoTrue's verifyUserAndToken: email + OTP; the hash is recomputed and compared with the stored one. */
export async function userByEmailAndOtp(app: App, sql: Sql, type: string, email: string, otp: string): Promise<{ user: UserRow; type: string }> {
  const hash = tokenHash(email, otp);
  const matches = (stored: string) => stored !== '' && (stored === hash || stored === `pkce_${hash}`);
  const user =
    type === 'email_change'
      ? (await sql.query<UserRow>('select * from auth.users where lower(email) = $1 or lower(email_change) = $1', [email])).rows[0]
      : await findUserByEmail(sql, email);
  if (!user) throw tokenInvalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let resolved = type;
  let valid = false;
  if (type === 'email') {
    if (matches(user.confirmation_token) && !expired(app, user.confirmation_sent_at)) [valid, resolved] = [true, 'signup'];
    else if (matches(user.recovery_token) && !expired(app, user.recovery_sent_at)) [valid, resolved] = [true, 'magiclink'];
  } else if (type === 'signup' || type === 'invite') {
    valid = matches(user.confirmation_token) && !expired(app, user.confirmation_sent_at);
  } else if (type === 'recovery' || type === 'magiclink') {
    valid = matches(user.recovery_token) && !expired(app, user.recovery_sent_at);
  } else if (type === 'email_change') {
    valid = (matches(user.email_change_token_current) || matches(user.email_change_token_new)) && !expired(app, user.email_change_sent_at);
  }
  if (!valid) throw tokenInvalid();
  return { user, type: resolved };
}

/**
 * Applies a verified token. Returns the updated user, or undefined for the first half of a secure email change
 * (both the old and the new address must confirm).
 */
export async function applyVerification(app: App, sql: Sql, user: UserRow, type: string, hash: string): Promise<UserRow | undefined> {
  let result: UserRow | undefined;
  if (type === 'signup' || type === 'invite') {
    if (!user.encrypted_password && user.invited_at) {
      user = await updateUser(sql, user.id, { encrypted_password: await hashPassword(randomBytes(32).toString('base64url')) });
    }
    result = await confirmUser(sql, user);
    await markEmailIdentityVerified(sql, result);
  } else if (type === 'recovery' || type === 'magiclink') {
    user = await updateUser(sql, user.id, { recovery_token: '' });
    await clearOneTimeToken(sql, user.id, 'recovery_token');
    result = isConfirmed(user) ? user : await confirmUser(sql, user);
  } else if (type === 'email_change') {
    result = await verifyEmailChange(app, sql, user, hash);
    if (!result) return undefined;
  } else {
    throw badRequest('validation_failed', 'Unsupported verification type');
  }
  await syncProviders(sql, result.id);
  return (await findUserById(sql, result.id))!;
}

async function verifyEmailChange(app: App, sql: Sql, user: UserRow, hash: string): Promise<UserRow | undefined> {
  const matches = (stored: string) => stored !== '' && (stored === hash || stored === `pkce_${hash}`);
  if (app.config.email.enableConfirmations && app.config.email.doubleConfirmChanges && user.email_change_confirm_status === 0 && user.email) {
    if (matches(user.email_change_token_current)) {
      await updateUser(sql, user.id, { email_change_confirm_status: 1, email_change_token_current: '' });
      await clearOneTimeToken(sql, user.id, 'email_change_token_current');
    } else {
      await updateUser(sql, user.id, { email_change_confirm_status: 1, email_change_token_new: '' });
      await clearOneTimeToken(sql, user.id, 'email_change_token_new');
    }
    return undefined;
  }
  const newEmail = user.email_change;
  const emailIdentity = (await listIdentities(sql, user.id)).find((i) => i.provider === 'email');
  if (emailIdentity) await updateIdentityData(sql, emailIdentity.id, { email: newEmail, email_verified: true });
  else await createIdentity(sql, user.id, 'email', user.id, { ...emailIdentityData({ ...user, email: newEmail }), email_verified: true });
  const metadata = 'email' in user.raw_user_meta_data ? mergeMetadata(user.raw_user_meta_data, { email: newEmail }) : user.raw_user_meta_data;
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
  return isConfirmed(updated) ? updated : confirmUser(sql, updated);
}
