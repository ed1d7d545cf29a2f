import { describe, expect, it } from 'vitest';
import { anonClient, api, authServerForFile } from './helpers.ts';

/** SAML SSO, off as with the CLI (compare internal/api/sso_test.go and samlacs_test.go). */

const srv = authServerForFile();

describe('SAML SSO while it is disabled', () => {
  it('signInWithSSO gets 404 saml_provider_disabled', async () => {
    const { error } = await anonClient(srv.get()).auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
  });

  it('/sso/saml/metadata and /sso/saml/acs answer the same before any other check', async () => {
    for (const [path, method] of [
      ['/sso/saml/metadata', 'GET'],
      ['/sso/saml/acs', 'POST'],
    ] as const) {
      const res = await api(srv.get(), path, {
        method,
        ...(method === 'POST' ? { rawBody: 'SAMLResponse=x' } : {}),
      });
      expect([res.status, res.body]).toEqual([
        404,
        { code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' },
      ]);
    }
  });
});
