import { describe, expect, it, vi } from 'vitest';
import {
  adminClient,
  APP_URL,
  authServerForFile,
  latestMailTo,
  linkAndCode,
  open,
  PASSWORD,
  serverClient,
  uniqueEmail,
} from './helpers.ts';

// A server of its own: the test moves the in-process clock forward, which would leave the rate limits of a
// shared server counting from the future.
const srv = authServerForFile();

describe('PKCE flow state', () => {
  it('a PKCE code is refused after GoTrue’s 5-minute flow-state expiry: 422 flow_state_expired (ASVS 10.4.3)', async () => {
    const server = srv.get();
    const email = uniqueEmail('flow');
    const created = await adminClient(server).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const { client } = serverClient(server);
    await client.auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${APP_URL}/auth/confirm`, shouldCreateUser: false },
    });
    const { location } = await open(linkAndCode(await latestMailTo(server, email)).link);
    const authCode = new URL(location).searchParams.get('code')!;
    // The server runs in this process: only its clock moves, six minutes on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      const { error } = await client.auth.exchangeCodeForSession(authCode);
      expect([error?.status, error?.code]).toEqual([422, 'flow_state_expired']);
    } finally {
      vi.useRealTimers();
    }
  });
});
