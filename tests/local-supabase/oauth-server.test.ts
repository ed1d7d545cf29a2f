import { describe, expect, it } from 'vitest';
import { adminClient, api, authServerForFile, SECRET_KEY, signedInUser } from './helpers.ts';

/** The OAuth 2.1 server ([auth.oauth_server]), off as in the CLI's default (compare internal/api/oauthserver/). */

const srv = authServerForFile();
const DISABLED = { code: 'feature_disabled', message: 'OAuth server is disabled' };

describe('the OAuth 2.1 server while it is disabled', () => {
  it('admin client management answers 404 feature_disabled to an admin, 401 without a key', async () => {
    const admin = adminClient(srv.get()).auth.admin.oauth;
    const list = await admin.listClients();
    expect(list.error).toMatchObject({
      status: 404,
      code: 'feature_disabled',
      message: 'OAuth server is disabled',
    });
    const created = await admin.createClient({
      client_name: 'x',
      redirect_uris: ['http://localhost:3000/cb'],
    });
    expect(created.error).toMatchObject({ status: 404, code: 'feature_disabled' });
    expect((await api(srv.get(), '/admin/oauth/clients', { headers: { Authorization: '' } })).status).toBe(
      401,
    );
    expect(
      (await api(srv.get(), `/admin/oauth/clients/${crypto.randomUUID()}`, { token: SECRET_KEY })).body,
    ).toEqual(DISABLED);
  });

  it('the public endpoints answer 404 feature_disabled before asking for credentials', async () => {
    for (const [path, method] of [
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/oauth/authorize', 'GET'],
      ['/oauth/userinfo', 'GET'],
      ['/oauth/token', 'POST'],
      ['/oauth/clients/register', 'POST'],
      [`/oauth/authorizations/${crypto.randomUUID()}`, 'GET'],
    ] as const) {
      const res = await api(srv.get(), path, {
        method,
        headers: { Authorization: '' },
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect([path, res.status, res.body]).toEqual([path, 404, DISABLED]);
    }
  });

  it("a user's grants need a session first, then answer 404", async () => {
    expect((await api(srv.get(), '/user/oauth/grants', { headers: { Authorization: '' } })).status).toBe(401);
    const { client } = await signedInUser(srv.get());
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await api(srv.get(), '/user/oauth/grants', { token })).body).toEqual(DISABLED);
  });
});
