import { sendEmailChange, sendLinkMail } from '../rules/emails.ts';
import { isOneOf, validateEmail, validatePkce } from '../rules/validation.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest } from '../../errors.ts';
import { createFlowState } from '../store/flow-state.ts';
import { findUserByEmail, isConfirmed } from '../store/users.ts';

/** POST /recover (recover.go): the password recovery mail. Unknown addresses get the same answer and no mail. */
export async function recover(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('RecoverParams');
  const raw = body.string('email');
  if (raw === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
  const redirectTo = ctx.redirectTarget();
  await app.db.tx(async (sql) => {
    const user = await findUserByEmail(sql, email);
    if (!user) return;
    if (pkce)
      await createFlowState(sql, { pkce, userId: user.id, providerType: 'recovery', authMethod: 'recovery' });
    await sendLinkMail(app, sql, user, 'recovery', pkce !== undefined, redirectTo);
  });
  return ctx.json(200, {});
}

const RESEND_TYPES = ['signup', 'email_change', 'sms', 'phone_change'] as const;

/** POST /resend (resend.go): the signup confirmation or email change mail again, for a pending action (no SMS). */
export async function resend(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('ResendConfirmationParams');
  const type = body.string('type');
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  if (!isOneOf(RESEND_TYPES, type))
    throw badRequest('validation_failed', `Missing one of these types: ${RESEND_TYPES.join(', ')}`);
  const pkce =
    type === 'signup' || type === 'email_change'
      ? validatePkce(body.string('code_challenge'), body.string('code_challenge_method'))
      : undefined;
  if (rawEmail === '' && type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address');
  if (phone === '' && type === 'sms')
    throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (rawEmail === '') throw badRequest('validation_failed', 'Missing email address or phone number');
  if (!app.config.email.enableSignup)
    throw badRequest('email_provider_disabled', 'Email logins are disabled');
  const email = validateEmail(rawEmail);
  const redirectTo = ctx.redirectTarget();
  await app.db.tx(async (sql) => {
    const user = await findUserByEmail(sql, email);
    // sms / phone_change for an email: the user has no phone, so nothing is pending.
    if (!user || type === 'sms' || type === 'phone_change') return;
    if (type === 'signup') {
      if (isConfirmed(user)) return;
      if (pkce)
        await createFlowState(sql, {
          pkce,
          userId: user.id,
          providerType: 'email/signup',
          authMethod: 'email/signup',
        });
      await sendLinkMail(app, sql, user, 'signup', pkce !== undefined, redirectTo);
    } else {
      if (!user.email_change) return;
      if (pkce)
        await createFlowState(sql, {
          pkce,
          userId: user.id,
          providerType: 'email_change',
          authMethod: 'email_change',
        });
      await sendEmailChange(app, sql, user, user.email_change, pkce !== undefined, redirectTo);
    }
  });
  return ctx.json(200, {});
}
