import type { App } from '../../app.ts';
import type { IpLimit } from '../rules/rate-limits.ts';
import { confirmUser, createEmailUser, ensureEmailIdentity } from '../rules/accounts.ts';
import { sendLinkMail } from '../rules/emails.ts';
import { signIn } from '../rules/session-tokens.ts';
import { validateEmail, validatePkce } from '../rules/validation.ts';
import { checkPasswordStrength, hashPassword } from '../../crypto/passwords.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, unprocessable } from '../../errors.ts';
import { createFlowState, type Pkce } from '../store/flow-state.ts';
import type { SessionClient } from '../store/sessions.ts';
import { findUserByEmail, insertUser, isConfirmed, loadUserJson, type UserRow } from '../store/users.ts';
import { hookEnabled, runHook } from '../rules/hooks.ts';
import { sessionClientOf } from './guards.ts';

const signupDisabled = () => unprocessable('signup_disabled', 'Signups not allowed for this instance');

/**
 * The rate-limit bucket of a /signup request, chosen as GoTrue's inline /signup handler in api.go does: a body with
 * neither email nor phone is an anonymous sign-in (refused first when they are off), anything else a signup.
 */
export async function signupLimit(ctx: RequestContext): Promise<IpLimit> {
  const body = await ctx.body('SignupParams');
  if (body.string('email') !== '' || body.string('phone') !== '') return 'signInSignUps';
  if (!ctx.app.config.enableAnonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  return 'anonymousUsers';
}

/** POST /signup as GoTrue's signup.go (email provider) and anonymous.go. */
export async function signup(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const { config } = app;
  const body = await ctx.body('SignupParams');
  const rawEmail = body.string('email');
  const phone = body.string('phone');
  const password = body.string('password');
  const data = body.object('data') ?? {};
  body.string('channel');
  if (!config.enableSignup) throw signupDisabled();
  if (rawEmail === '' && phone === '') {
    await beforeUserCreated(ctx, newUserJson({ email: '', data, anonymous: true }));
    return ctx.json(200, await signupAnonymously(app, data, sessionClientOf(ctx)));
  }
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(config, password);
  if (rawEmail !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  const pkce = validatePkce(body.string('code_challenge'), body.string('code_challenge_method'));
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!config.email.enableSignup) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const email = validateEmail(rawEmail);
  const redirectTo = ctx.redirectTarget();
  // GoTrue asks the hook before a new user only, outside the signup's transaction.
  if (hookEnabled(app, 'before_user_created') && !(await findUserByEmail(app.db.sql, email)))
    await beforeUserCreated(ctx, newUserJson({ email, data, anonymous: false }));
  const outcome = await signupEmailUser(app, {
    email,
    passwordHash: await hashPassword(password),
    data,
    pkce,
    redirectTo,
  });
  if (outcome.exists) {
    if (!config.email.enableConfirmations)
      throw unprocessable('user_already_exists', 'User already registered');
    return ctx.json(200, obfuscatedUser(email, data));
  }
  const { user } = outcome;
  if (isConfirmed(user))
    return ctx.json(
      200,
      await app.db.tx((sql) => signIn(app, sql, user.id, 'password', sessionClientOf(ctx))),
    );
  return ctx.json(200, await loadUserJson(app.db.sql, user));
}

/** The user GoTrue's SignupParams.ToUserModel builds, as before_user_created receives it (models.User's JSON). */
function newUserJson(p: { email: string; data: Record<string, unknown>; anonymous: boolean }) {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email: p.email,
    phone: '',
    app_metadata: p.anonymous ? {} : { provider: 'email', providers: ['email'] },
    user_metadata: p.data,
    identities: null,
    created_at: now,
    updated_at: now,
    is_anonymous: p.anonymous,
  };
}

/** triggerBeforeUserCreated: the hook may refuse the new user with its own error; its answer is otherwise unused. */
async function beforeUserCreated(ctx: RequestContext, user: Record<string, unknown>): Promise<void> {
  if (!hookEnabled(ctx.app, 'before_user_created')) return;
  await runHook(ctx.app, 'before_user_created', sessionClientOf(ctx).ip, { user });
}

/** anonymous.go SignupAnonymously: a user with no email, phone, password or identity, signed in with amr `anonymous`. */
async function signupAnonymously(app: App, data: Record<string, unknown>, client: SessionClient) {
  return app.db.tx(async (sql) => {
    const user = await insertUser(sql, {
      raw_app_meta_data: {},
      raw_user_meta_data: data,
      is_anonymous: true,
    });
    return signIn(app, sql, user.id, 'anonymous', client);
  });
}

export interface EmailSignup {
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  pkce: Pkce | undefined;
  redirectTo: string;
}

export type SignupOutcome = { exists: true } | { exists: false; user: UserRow };

/**
 * The transactional core of GoTrue's Signup, shared with /otp: a confirmed user "exists"; otherwise the user is
 * created (or its email identity restored) and either confirmed (autoconfirm) or sent a confirmation mail.
 */
export async function signupEmailUser(app: App, p: EmailSignup): Promise<SignupOutcome> {
  return app.db.tx(async (sql): Promise<SignupOutcome> => {
    let user = await findUserByEmail(sql, p.email);
    if (user && isConfirmed(user)) return { exists: true };
    user = user
      ? await ensureEmailIdentity(sql, user, p.data)
      : await createEmailUser(sql, {
          email: p.email,
          passwordHash: p.passwordHash,
          data: p.data,
          metadataFromIdentity: true,
        });
    if (!app.config.email.enableConfirmations) return { exists: false, user: await confirmUser(sql, user) };
    if (p.pkce)
      await createFlowState(sql, {
        pkce: p.pkce,
        userId: user.id,
        providerType: 'email',
        authMethod: 'email/signup',
      });
    return {
      exists: false,
      user: await sendLinkMail(app, sql, user, 'signup', p.pkce !== undefined, p.redirectTo),
    };
  });
}

/** GoTrue's sanitizeUser: a plausible but fake user so a repeated sign-up does not reveal the account exists. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
