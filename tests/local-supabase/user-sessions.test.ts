import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { RunningLocalSupabase } from '../../local-supabase/src/server.ts';
import {
  adminClient,
  anonClient,
  api,
  authServerForFile,
  PASSWORD,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  uniqueEmail,
} from './helpers';

// "Your sessions" (supabase/migrations/*_user_sessions.sql) through supabase-js's rpc(), as the app calls it: each
// user lists and ends only their own sessions, anon nothing, and an ended session is over at the auth server too.
// The sessions carry what GoTrue records: the client's User-Agent and IP at sign-in and on each refresh.

const srv = authServerForFile({ trustSbForwardedFor: true });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  updated_at: string;
  refreshed_at: string | null;
  not_after: string | null;
  aal: string;
  is_current: boolean;
}

function client(server: RunningLocalSupabase, headers: Record<string, string> = {}): SupabaseClient {
  return anonClient(server, 'implicit', headers);
}

async function newUser(server: RunningLocalSupabase): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('sessions');
  const { data, error } = await adminClient(server).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  return { id: data.user.id, email };
}

async function signedIn(email: string, headers: Record<string, string> = {}): Promise<SupabaseClient> {
  const c = client(srv.get(), headers);
  const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return c;
}

async function sessionId(c: SupabaseClient): Promise<string> {
  const { data } = await c.auth.getClaims();
  return data!.claims.session_id as string;
}

async function listed(c: SupabaseClient): Promise<SessionRow[]> {
  const { data, error } = await c.rpc('list_my_sessions');
  expect(error).toBeNull();
  return data as SessionRow[];
}

describe('your sessions: listing', () => {
  it('lists the user’s sessions with the user agent and IP each signed in with, and marks the current one', async () => {
    const { email } = await newUser(srv.get());
    const chrome = await signedIn(email, { 'User-Agent': CHROME_WINDOWS });
    const firefox = await signedIn(email, { 'User-Agent': FIREFOX_LINUX, 'X-Forwarded-For': '203.0.113.9' });
    const rows = await listed(chrome);
    expect(rows).toHaveLength(2);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(await sessionId(chrome))).toMatchObject({
      user_agent: CHROME_WINDOWS,
      ip: '127.0.0.1',
      aal: 'aal1',
      refreshed_at: null,
      not_after: null,
      is_current: true,
    });
    expect(byId.get(await sessionId(firefox))).toMatchObject({
      user_agent: FIREFOX_LINUX,
      ip: '203.0.113.9',
      is_current: false,
    });
    expect((await listed(firefox)).filter((row) => row.is_current).map((row) => row.id)).toEqual([
      await sessionId(firefox),
    ]);
  });

  it('a refresh records its time and the refreshing client, as GoTrue does', async () => {
    const { email } = await newUser(srv.get());
    const first = await signedIn(email, { 'User-Agent': CHROME_WINDOWS });
    const { data } = await first.auth.getSession();
    const before = Date.now();
    const later = client(srv.get(), {
      'User-Agent': FIREFOX_LINUX,
      apikey: SECRET_KEY,
      'Sb-Forwarded-For': '198.51.100.4',
    });
    const refreshed = await later.auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    const [row] = await listed(first);
    expect(row).toMatchObject({ user_agent: FIREFOX_LINUX, ip: '198.51.100.4' });
    expect(new Date(row!.refreshed_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(row!.refreshed_at!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('another user sees none of them', async () => {
    const alice = await newUser(srv.get());
    const bob = await newUser(srv.get());
    await signedIn(alice.email);
    const bobClient = await signedIn(bob.email);
    const rows = await listed(bobClient);
    expect(rows.map((row) => row.id)).toEqual([await sessionId(bobClient)]);
  });

  it('anon may call none of the functions', async () => {
    const anon = client(srv.get());
    for (const [name, args] of [
      ['list_my_sessions', {}],
      ['end_my_session', { session_id: crypto.randomUUID() }],
      ['end_my_other_sessions', {}],
    ] as const) {
      const { error, status } = await anon.rpc(name, args);
      expect(error?.code, name).toBe('42501');
      expect(status, name).toBe(401);
    }
  });
});

describe('your sessions: ending them', () => {
  it('ends one other session: its GET /user answers 403 session_not_found and it cannot refresh', async () => {
    const { email } = await newUser(srv.get());
    const here = await signedIn(email);
    const there = await signedIn(email);
    const { session } = (await there.auth.getSession()).data;
    const { data, error } = await here.rpc('end_my_session', { session_id: await sessionId(there) });
    expect(error).toBeNull();
    expect(data).toBe(true);
    expect((await listed(here)).map((row) => row.id)).toEqual([await sessionId(here)]);
    const user = await api(srv.get(), '/user', { token: session!.access_token });
    expect(user).toMatchObject({
      status: 403,
      body: { code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' },
    });
    const refresh = await client(srv.get()).auth.refreshSession({ refresh_token: session!.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    expect((await here.auth.getUser()).error).toBeNull();
  });

  it('does not end the current session, nor a session of another user', async () => {
    const alice = await newUser(srv.get());
    const bob = await newUser(srv.get());
    const aliceClient = await signedIn(alice.email);
    const bobClient = await signedIn(bob.email);
    const own = await aliceClient.rpc('end_my_session', { session_id: await sessionId(aliceClient) });
    expect(own).toMatchObject({ data: false, error: null });
    const others = await bobClient.rpc('end_my_session', { session_id: await sessionId(aliceClient) });
    expect(others).toMatchObject({ data: false, error: null });
    expect((await aliceClient.auth.getUser()).error).toBeNull();
    expect(await listed(aliceClient)).toHaveLength(1);
  });

  it('ends every other session of the user, and only those', async () => {
    const alice = await newUser(srv.get());
    const bob = await newUser(srv.get());
    const here = await signedIn(alice.email);
    const [second, third] = [await signedIn(alice.email), await signedIn(alice.email)];
    const bobClient = await signedIn(bob.email);
    const { data, error } = await here.rpc('end_my_other_sessions');
    expect(error).toBeNull();
    expect(data).toBe(2);
    expect((await listed(here)).map((row) => row.id)).toEqual([await sessionId(here)]);
    for (const ended of [second, third])
      expect((await ended.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await bobClient.auth.getUser()).error).toBeNull();
  });

  it('a token whose session has ended acts on nothing: signed out everywhere, it cannot end the owner’s new session', async () => {
    const user = await newUser(srv.get());
    const stale = await signedIn(user.email);
    const staleToken = (await stale.auth.getSession()).data.session!.access_token;
    expect((await api(srv.get(), '/logout?scope=global', { method: 'POST', token: staleToken })).status).toBe(
      204,
    );
    const fresh = await signedIn(user.email);
    const asStale = createClient(srv.get().url, PUBLISHABLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${staleToken}` } },
    });
    for (const call of [
      await asStale.rpc('end_my_other_sessions'),
      await asStale.rpc('end_my_session', { session_id: await sessionId(fresh) }),
      await asStale.rpc('list_my_sessions'),
    ]) {
      expect(call.error).toMatchObject({ code: '42501', hint: 'session_not_found' });
    }
    expect((await fresh.auth.getUser()).error).toBeNull();
    const { data } = await fresh.rpc('list_my_sessions');
    expect(data).toHaveLength(1);
  });

  it('a malformed session id is refused, not a 500', async () => {
    const { email } = await newUser(srv.get());
    const here = await signedIn(email);
    const { error, status } = await here.rpc('end_my_session', { session_id: 'not-a-uuid' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('your sessions: a user with a second factor', () => {
  it('needs an aal2 session to list or end sessions', async () => {
    const { email } = await newUser(srv.get());
    const here = await signedIn(email);
    const { data: enrolled, error } = await here.auth.mfa.enroll({ factorType: 'totp' });
    if (error) throw error;
    const code = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) }).generate();
    const verified = await here.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code });
    expect(verified.error).toBeNull();
    const firstFactorOnly = await signedIn(email);
    for (const name of ['list_my_sessions', 'end_my_other_sessions'] as const) {
      const refused = await firstFactorOnly.rpc(name);
      expect(refused.error, name).toMatchObject({ code: '42501', hint: 'insufficient_aal' });
    }
    const rows = await listed(here);
    expect(rows.find((row) => row.is_current)).toMatchObject({ aal: 'aal2' });
    expect(rows.find((row) => !row.is_current)).toMatchObject({ aal: 'aal1' });
  });
});
