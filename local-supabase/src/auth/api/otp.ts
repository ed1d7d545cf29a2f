import { randomBytes } from 'node:crypto';
import { sendLinkMail } from '../rules/emails.ts';
import { validateEmail, validatePkce } from '../rules/validation.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, unprocessable } from '../../errors.ts';
import { createFlowState } from '../store/flow-state.ts';
import { findUserByEmail, isConfirmed } from '../store/users.ts';
import { signupEmailUser } from './signup.ts';

/** POST /otp (otp.go), email only: a magic link and code, or the signup confirmation for new addresses. */
export const otp = (ctx: RequestContext) => sendOtp(ctx, 'OtpParams');

/** The legacy POST /magiclink (magic_link.go), answered as /otp. */
export const magicLink = (ctx: RequestContext) => sendOtp(ctx, 'MagicLinkParams');

async function sendOtp(ctx: RequestContext, struct: string): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body(struct);
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  const channel = body.string('channel');
  const data = body.object('data') ?? {};
  const createUser = body.boolean('create_user') ?? true;
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (rawEmail !== '' && channel !== '')
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  if (rawEmail === '' && phone === '')
    throw badRequest('validation_failed', 'One of email or phone must be set');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(rawEmail);
  const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
  if (!app.config.email.enableSignup)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const redirectTo = ctx.redirectTarget();

  const existing = await findUserByEmail(app.db.sql, email);
  if (!existing && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');

  if (!existing || !isConfirmed(existing)) {
    if (!existing && !app.config.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    // GoTrue signs new or unconfirmed users up with a random password: with confirmations on they get the
    // signup confirmation mail; with autoconfirm the user is confirmed and the magic link follows below.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
    await signupEmailUser(app, { email, passwordHash, data, pkce, redirectTo });
    if (app.config.email.enableConfirmations) return ctx.json(200, {});
  }

  await app.db.tx(async (sql) => {
    const user = (await findUserByEmail(sql, email))!;
    if (pkce)
      await createFlowState(sql, {
        pkce,
        userId: user.id,
        providerType: 'magiclink',
        authMethod: 'magiclink',
      });
    await sendLinkMail(app, sql, user, 'magiclink', pkce !== undefined, redirectTo);
  });
  return ctx.json(200, {});
}
