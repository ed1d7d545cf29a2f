import type { App } from '../app.ts';
import { requestRedirect } from '../auth-context.ts';
import { sendEmailChange, sendLinkMail } from '../email-actions.ts';
import { badRequest } from '../errors.ts';
import { createFlowState, validatePkce } from '../flow-state.ts';
import type { Router } from '../http/router.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { validateEmail } from '../validation.ts';

/** POST /recover (recover.go) and POST /resend (resend.go). */
export function registerRecoverRoutes(router: Router, app: App): void {
  router.add('POST', '/recover', async (ctx) => {
    const body = await ctx.body('RecoverParams');
    const raw = body.string('email');
    if (raw === '') throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(raw);
    const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
    const redirectTo = requestRedirect(app, ctx);
    await app.db.tx(async (sql) => {
      const user = await findUserByEmail(sql, email);
      // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
      if (!user) return;
      if (pkce) await createFlowState(sql, { ...pkce, userId: user.id, providerType: 'recovery', authMethod: 'recovery' });
      await sendLinkMail(app, sql, user, 'recovery', pkce !== undefined, redirectTo);
    });
    ctx.json(200, {});
  });

  router.add('POST', '/resend', async (ctx) => {
    const body = await ctx.body('ResendConfirmationParams');
    const type = body.string('type');
    const rawEmail = body.string('email');
    const phone = body.string('phone');
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (rawEmail === '' && phone === '') throw badRequest('validation_failed', 'Missing one of these types: email, phone');
    if (rawEmail !== '' && phone !== '') throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
    if (phone !== '' || type === 'sms' || type === 'phone_change') throw badRequest('validation_failed', 'Unsupported phone provider');
    const email = validateEmail(rawEmail);
    const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
    const redirectTo = requestRedirect(app, ctx);
    await app.db.tx(async (sql) => {
      const user = await findUserByEmail(sql, email);
      if (!user) return;
      if (type === 'signup') {
        if (isConfirmed(user)) return;
        if (pkce) await createFlowState(sql, { ...pkce, userId: user.id, providerType: 'email/signup', authMethod: 'email/signup' });
        await sendLinkMail(app, sql, user, 'signup', pkce !== undefined, redirectTo);
      } else {
        if (!user.email_change) return;
        if (pkce) await createFlowState(sql, { ...pkce, userId: user.id, providerType: 'email_change', authMethod: 'email_change' });
        await sendEmailChange(app, sql, user, user.email_change, pkce !== undefined, redirectTo);
      }
    });
    ctx.json(200, {});
  });
}
