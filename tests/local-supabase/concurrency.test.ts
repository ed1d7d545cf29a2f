import { describe, expect, it } from 'vitest';
import { anonClient, api, PASSWORD, SECRET_KEY, uniqueEmail, authServerForFile } from './helpers.ts';

// Autoconfirm here so that every sign-up can sign in at once; the transactional paths are the same. Each of the
// crowd is a visitor of its own: per-IP limits hold a burst of 30, as GoTrue's, however high the rate is set.
const IP_HEADER = 'X-Test-Client-IP';
const srv = authServerForFile({
  rateLimitHeader: IP_HEADER,
  configOverrides: { email: { enableConfirmations: false } },
});
const visitor = (i: number) =>
  anonClient(srv.get(), 'implicit', { [IP_HEADER]: `10.9.${Math.floor(i / 250)}.${i % 250}` });

const N = 200;

describe('concurrency', () => {
  it(`${N} parallel sign-ups and then ${N} parallel sign-ins are all answered correctly`, async () => {
    const server = srv.get();
    const emails = Array.from({ length: N }, () => uniqueEmail('crowd'));
    const before = Number(
      (await api(server, '/admin/users?per_page=1', { token: SECRET_KEY })).headers.get('x-total-count'),
    );

    const signUps = await Promise.all(
      emails.map((email, i) => visitor(i).auth.signUp({ email, password: PASSWORD })),
    );
    expect(signUps.filter((r) => r.error)).toEqual([]);
    expect(new Set(signUps.map((r) => r.data.user!.id)).size).toBe(N);
    expect(signUps.every((r, i) => r.data.user?.email === emails[i] && r.data.session?.access_token)).toBe(
      true,
    );

    const signIns = await Promise.all(
      emails.map((email, i) => visitor(i).auth.signInWithPassword({ email, password: PASSWORD })),
    );
    expect(signIns.filter((r) => r.error)).toEqual([]);
    expect(signIns.every((r, i) => r.data.user?.id === signUps[i]!.data.user!.id)).toBe(true);
    expect(new Set(signIns.map((r) => r.data.session!.refresh_token)).size).toBe(N);

    const after = Number(
      (await api(server, '/admin/users?per_page=1', { token: SECRET_KEY })).headers.get('x-total-count'),
    );
    expect(after - before).toBe(N);
  }, 60_000);

  it('the same address signed up 20 times at once yields exactly one user', async () => {
    const server = srv.get();
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visitor(i).auth.signUp({ email, password: PASSWORD })),
    );
    const created = results.filter((r) => r.data.session);
    expect(created).toHaveLength(1);
    // With autoconfirm on, every other attempt is GoTrue's user_already_exists.
    expect(results.filter((r) => r.error?.code === 'user_already_exists')).toHaveLength(19);
    const list = await api(server, `/admin/users?filter=${encodeURIComponent(email)}`, { token: SECRET_KEY });
    expect((list.body.users as unknown[]).length).toBe(1);
  });
});
