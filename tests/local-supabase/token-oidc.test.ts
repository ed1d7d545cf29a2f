import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, authServerForFile } from './helpers.ts';

/** POST /token?grant_type=id_token and web3 (compare internal/api/token_oidc_test.go and web3_test.go). */

const srv = authServerForFile();
const fakeToken = (iss: string) => new UnsecuredJWT({ sub: 'x' }).setIssuer(iss).encode();

describe('signInWithIdToken', () => {
  it('answers provider_disabled for a known provider that is off (apple in the project config)', async () => {
    const { error } = await anonClient(srv.get()).auth.signInWithIdToken({
      provider: 'apple',
      token: fakeToken('https://appleid.apple.com'),
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://appleid.apple.com") is not enabled',
    });
    const azure = await anonClient(srv.get()).auth.signInWithIdToken({
      provider: 'azure',
      token: fakeToken('https://sts.windows.net/tenant/'),
    });
    expect(azure.error).toMatchObject({
      code: 'provider_disabled',
      message: 'Provider (issuer "https://sts.windows.net/tenant/") is not enabled',
    });
  });

  it('checks the request and the issuer as GoTrue does', async () => {
    const client = anonClient(srv.get()).auth;
    expect((await client.signInWithIdToken({ provider: 'google', token: '' })).error).toMatchObject({
      status: 400,
      message: 'id_token required',
    });
    expect((await client.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' })).error).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to detect issuer in ID token for Apple provider',
    });
    expect(
      (await client.signInWithIdToken({ provider: 'apple', token: fakeToken('https://evil.example') })).error,
    ).toMatchObject({
      message: 'Detected ID token issuer is not an Apple ID token issuer',
    });
    expect(
      (await client.signInWithIdToken({ provider: 'github', token: fakeToken('https://github.com') })).error,
    ).toMatchObject({
      code: 'validation_failed',
      message: 'Custom OIDC provider "github" not allowed',
    });
  });

  it('cannot verify an enabled provider offline: "Bad ID token", as GoTrue answers a token it cannot verify', async () => {
    const { error } = await anonClient(srv.get()).auth.signInWithIdToken({
      provider: 'google',
      token: fakeToken('https://accounts.google.com'),
    });
    expect(error).toMatchObject({ status: 400, message: 'Bad ID token' });
  });
});

describe('signInWithWeb3', () => {
  it('answers 422 web3_provider_disabled', async () => {
    const res = await fetch(`${srv.get().authUrl}/token?grant_type=web3`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ chain: 'solana', message: 'x', signature: 'y' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
  });
});
