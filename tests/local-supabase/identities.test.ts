import { describe, expect, it } from 'vitest';
import { APP_URL, authServerForFile, signedInUser, throughLocalIdp, uniqueEmail } from './helpers.ts';

/** Manual identity linking and unlinking (compare internal/api/identity_test.go). */

const srv = authServerForFile();

function withManualLinking<T>(on: boolean, body: () => Promise<T>): Promise<T> {
  const config = srv.get().config;
  const before = config.enableManualLinking;
  config.enableManualLinking = on;
  return body().finally(() => {
    config.enableManualLinking = before;
  });
}

describe('with enable_manual_linking = false', () => {
  it('linkIdentity and unlinkIdentity get 404 manual_linking_disabled', () =>
    withManualLinking(false, async () => {
      const { client } = await signedInUser(srv.get());
      const linked = await client.auth.linkIdentity({
        provider: 'github',
        options: { skipBrowserRedirect: true },
      });
      expect(linked.error).toMatchObject({
        status: 404,
        code: 'manual_linking_disabled',
        message: 'Manual linking is disabled',
      });
      const { data } = await client.auth.getUserIdentities();
      const unlinked = await client.auth.unlinkIdentity(data!.identities[0]!);
      expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    }));
});

describe('with enable_manual_linking = true', () => {
  it('links a GitHub identity through the local identity page, refuses it twice, unlinks it but not the last one', () =>
    withManualLinking(true, async () => {
      const { client, email } = await signedInUser(srv.get());
      const githubEmail = uniqueEmail('gh');
      const link = async () => {
        const { data, error } = await client.auth.linkIdentity({
          provider: 'github',
          options: { redirectTo: `${APP_URL}/linked`, skipBrowserRedirect: true },
        });
        expect(error).toBeNull();
        return throughLocalIdp(data.url!, 'github', {
          decision: 'allow',
          email: githubEmail,
          name: 'Gita Hub',
        });
      };
      expect(await link()).toMatch(new RegExp(`^${APP_URL}/linked#access_token=`));

      const { data: user } = await client.auth.getUser();
      expect(user.user?.email).toBe(email);
      expect(user.user?.app_metadata.providers).toEqual(['email', 'github']);
      const identities = user.user!.identities!;
      const github = identities.find((i) => i.provider === 'github')!;
      expect(github.identity_data).toMatchObject({ email: githubEmail, full_name: 'Gita Hub' });

      const again = new URL(await link());
      expect(again.searchParams.get('error_code')).toBe('identity_already_exists');
      expect(again.searchParams.get('error_description')).toBe('Identity is already linked');

      const missing = await client.auth.unlinkIdentity({ ...github, identity_id: crypto.randomUUID() });
      expect(missing.error).toMatchObject({
        status: 422,
        code: 'identity_not_found',
        message: "Identity doesn't exist",
      });
      expect((await client.auth.unlinkIdentity(github)).error).toBeNull();
      const after = (await client.auth.getUser()).data.user!;
      expect(after.identities?.map((i) => i.provider)).toEqual(['email']);
      expect(after.app_metadata.providers).toEqual(['email']);
      expect(after.email).toBe(email);

      const last = await client.auth.unlinkIdentity(after.identities![0]!);
      expect(last.error).toMatchObject({
        status: 422,
        code: 'single_identity_not_deletable',
        message: 'User must have at least 1 identity after unlinking',
      });
    }));

  it('refuses an identity that belongs to another user', () =>
    withManualLinking(true, async () => {
      const first = await signedInUser(srv.get());
      const second = await signedInUser(srv.get());
      const githubEmail = uniqueEmail('shared');
      for (const [who, expected] of [
        [first, null],
        [second, 'Identity is already linked to another user'],
      ] as const) {
        const { data } = await who.client.auth.linkIdentity({
          provider: 'github',
          options: { redirectTo: APP_URL, skipBrowserRedirect: true },
        });
        const back = new URL(
          await throughLocalIdp(data.url!, 'github', {
            decision: 'allow',
            email: githubEmail,
            name: 'Shared',
          }),
        );
        expect(back.searchParams.get('error_description')).toBe(expected);
      }
    }));
});
