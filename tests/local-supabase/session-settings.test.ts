import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../local-supabase/src/config/config.ts';
import {
  anonClient,
  api,
  APP_URL,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  open,
  OTHER_PASSWORD,
  PASSWORD,
  serverClient,
  signedInUser,
} from './helpers.ts';

/**
 * The settings ASVS level 2 asks of the auth server, as GoTrue honours them: `[auth.sessions]` timebox and
 * inactivity_timeout (models/sessions.go CheckValidity, checked on refresh in tokens/service.go),
 * UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD (api/user.go) and `[auth.email] otp_expiry` (api/verify.go).
 */

const srv = authServerForFile({ configOverrides: { email: { maxFrequencySeconds: 0 } } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `body` with `[auth.sessions]` set, then turns the settings off again (the config is live). */
async function withSessions(
  sessions: { timeboxMs?: number; inactivityTimeoutMs?: number },
  body: () => Promise<void>,
): Promise<void> {
  const config = srv.get().config;
  config.sessions = { timeboxMs: 0, inactivityTimeoutMs: 0, ...sessions };
  try {
    await body();
  } finally {
    config.sessions = { timeboxMs: 0, inactivityTimeoutMs: 0 };
  }
}

describe('[auth.sessions]', () => {
  it('timebox: a refresh after it answers 400 session_expired, however active the session was', async () => {
    await withSessions({ timeboxMs: 1500 }, async () => {
      const { client } = await signedInUser(srv.get());
      await sleep(700);
      expect((await client.auth.refreshSession()).error).toBeNull();
      await sleep(1000);
      const late = await client.auth.refreshSession();
      expect(late.error).toMatchObject({
        status: 400,
        code: 'session_expired',
        message: 'Invalid Refresh Token: Session Expired',
      });
    });
  });

  it('inactivity_timeout: each refresh restarts it; idle past it, a refresh answers session_expired (Inactivity)', async () => {
    await withSessions({ inactivityTimeoutMs: 1000 }, async () => {
      const { client } = await signedInUser(srv.get());
      for (let i = 0; i < 3; i++) {
        await sleep(600);
        expect((await client.auth.refreshSession()).error).toBeNull();
      }
      await sleep(1200);
      const idle = await client.auth.refreshSession();
      expect(idle.error).toMatchObject({
        status: 400,
        code: 'session_expired',
        message: 'Invalid Refresh Token: Session Expired (Inactivity)',
      });
    });
  });

  it('an access token stays valid until its own expiry: GoTrue checks the session on refresh only', async () => {
    await withSessions({ timeboxMs: 300 }, async () => {
      const { client } = await signedInUser(srv.get());
      await sleep(500);
      expect((await client.auth.getUser()).error).toBeNull();
      expect((await client.auth.refreshSession()).error?.code).toBe('session_expired');
    });
  });

  it('reads [auth.sessions] durations and GoTrue’s GOTRUE_SESSIONS_* variables', () => {
    const env = (vars: Record<string, string>) => Object.assign({} as NodeJS.ProcessEnv, vars);
    expect(loadConfig('supabase/config.toml', env({})).sessions).toEqual({
      timeboxMs: 24 * 3_600_000,
      inactivityTimeoutMs: 30 * 60_000,
    });
    expect(
      loadConfig(
        'supabase/config.toml',
        env({ GOTRUE_SESSIONS_TIMEBOX: '90m', GOTRUE_SESSIONS_INACTIVITY_TIMEOUT: '30m' }),
      ).sessions,
    ).toEqual({ timeboxMs: 90 * 60_000, inactivityTimeoutMs: 30 * 60_000 });
    expect(loadConfig(undefined, env({})).sessions).toEqual({ timeboxMs: 0, inactivityTimeoutMs: 0 });
    expect(() => loadConfig(undefined, env({ GOTRUE_SESSIONS_TIMEBOX: '0s' }))).toThrow(
      /GOTRUE_SESSIONS_TIMEBOX must be positive/,
    );
    expect(() => loadConfig(undefined, env({ GOTRUE_SESSIONS_TIMEBOX: '1d' }))).toThrow(
      /GOTRUE_SESSIONS_TIMEBOX is not a duration/,
    );
  });
});

describe('UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD', () => {
  const withCurrentPasswordRequired = async (body: () => Promise<void>) => {
    srv.get().config.updatePasswordRequireCurrentPassword = true;
    try {
      await body();
    } finally {
      srv.get().config.updatePasswordRequireCurrentPassword = false;
    }
  };

  it('a password change names the current password: missing → current_password_required, wrong → current_password_invalid', async () => {
    await withCurrentPasswordRequired(async () => {
      const { client, email } = await signedInUser(srv.get());
      const message = 'Current password required when setting new password.';
      const missing = await client.auth.updateUser({ password: OTHER_PASSWORD });
      expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required', message });
      const wrong = await client.auth.updateUser({ password: OTHER_PASSWORD, current_password: 'Wr0ngPass' });
      expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid', message });
      // Checked before the same-password rule, as in GoTrue.
      const same = await client.auth.updateUser({ password: PASSWORD });
      expect(same.error?.code).toBe('current_password_required');
      const right = await client.auth.updateUser({ password: OTHER_PASSWORD, current_password: PASSWORD });
      expect(right.error).toBeNull();
      const signIn = await anonClient(srv.get()).auth.signInWithPassword({ email, password: OTHER_PASSWORD });
      expect(signIn.error).toBeNull();
    });
  });

  it('a PKCE recovery session (amr recovery) sets a new password without it; metadata changes never need it', async () => {
    await withCurrentPasswordRequired(async () => {
      const server = srv.get();
      const { client, email } = await signedInUser(server);
      expect((await client.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
      const { client: recovering } = serverClient(server);
      await recovering.auth.resetPasswordForEmail(email, { redirectTo: `${APP_URL}/reset` });
      const { location } = await open(linkAndCode(await latestMailTo(server, email)).link);
      const code = new URL(location).searchParams.get('code')!;
      expect((await recovering.auth.exchangeCodeForSession(code)).error).toBeNull();
      expect((await recovering.auth.updateUser({ password: OTHER_PASSWORD })).error).toBeNull();
    });
  });

  it('a recovery code through verifyOtp signs in with amr otp, so GoTrue still asks for the current password', async () => {
    await withCurrentPasswordRequired(async () => {
      const server = srv.get();
      const { email } = await signedInUser(server);
      await anonClient(server).auth.resetPasswordForEmail(email);
      const { code } = linkAndCode(await latestMailTo(server, email));
      const recovering = anonClient(server);
      expect((await recovering.auth.verifyOtp({ email, token: code, type: 'recovery' })).error).toBeNull();
      const update = await recovering.auth.updateUser({ password: OTHER_PASSWORD });
      expect(update.error?.code).toBe('current_password_required');
    });
  });
});

describe('[auth.email] otp_expiry', () => {
  it('emailed sign-in codes and links are refused after it; fresh ones work', async () => {
    const server = srv.get();
    const { email } = await signedInUser(server);
    const otpExpiry = server.config.email.otpExpiry;
    server.config.email.otpExpiry = 1;
    try {
      await anonClient(server).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      const { code } = linkAndCode(await latestMailTo(server, email));
      await sleep(1100);
      const late = await anonClient(server).auth.verifyOtp({ email, token: code, type: 'email' });
      expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
      const hash = await api(server, '/otp', { body: { email, create_user: false } });
      expect(hash.status).toBe(200);
      const fresh = linkAndCode(await latestMailTo(server, email));
      const ok = await anonClient(server).auth.verifyOtp({ email, token: fresh.code, type: 'email' });
      expect(ok.error).toBeNull();
    } finally {
      server.config.email.otpExpiry = otpExpiry;
    }
  });

  it('is 600 s in supabase/config.toml', () => {
    expect(loadConfig('supabase/config.toml', {} as NodeJS.ProcessEnv).email.otpExpiry).toBe(600);
  });
});
