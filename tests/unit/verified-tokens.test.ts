import { describe, expect, it } from 'vitest';
import { claimsOf, keptClaims, maxVerifiedTokens, verifiedReuseMs } from '@/lib/session/verified-tokens';

// The middleware verifies an access token once and takes its claims from memory while it stays unexpired, for as
// long as supabase-js keeps the signing keys (lib/session/verified-tokens.ts).

const now = Date.UTC(2026, 10, 28, 3, 0, 0);
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
let serial = 0;
/** A token-shaped string: its header names `alg`; unique, so tests do not share memory. */
const tokenOf = (alg: string) =>
  `${base64url({ alg, kid: 'k', typ: 'JWT' })}.${base64url({ n: serial++ })}.sig`;

function verifier(exp = now / 1000 + 3600) {
  const calls: string[] = [];
  const getClaims = async (token: string) => {
    calls.push(token);
    return { data: { claims: { sub: 'u1', exp, aal: 'aal1' } as never }, error: null };
  };
  return { calls, getClaims };
}

describe('claimsOf', () => {
  it('verifies an ES256 token once and answers the next requests from memory', async () => {
    const token = tokenOf('ES256');
    const { calls, getClaims } = verifier();
    const first = await claimsOf(token, getClaims, now);
    const second = await claimsOf(token, getClaims, now + 1000);
    expect(second).toEqual(first);
    expect(second.data?.claims.sub).toBe('u1');
    expect(calls).toHaveLength(1);
  });

  it('verifies again once the token has expired or the reuse time is over', async () => {
    const expiring = tokenOf('ES256');
    const short = verifier(now / 1000 + 60);
    await claimsOf(expiring, short.getClaims, now);
    await claimsOf(expiring, short.getClaims, now + 61_000);
    expect(short.calls).toHaveLength(2);

    const kept = tokenOf('RS256');
    const long = verifier();
    await claimsOf(kept, long.getClaims, now);
    await claimsOf(kept, long.getClaims, now + verifiedReuseMs - 1);
    expect(long.calls).toHaveLength(1);
    await claimsOf(kept, long.getClaims, now + verifiedReuseMs);
    expect(long.calls).toHaveLength(2);
  });

  it('keeps nothing for a symmetric token, a refused one or a header that is not one', async () => {
    for (const token of [tokenOf('HS256'), 'not-a-token', '%%%.x.y']) {
      const { calls, getClaims } = verifier();
      await claimsOf(token, getClaims, now);
      await claimsOf(token, getClaims, now);
      expect(calls, token).toHaveLength(2);
    }
    const refused = tokenOf('ES256');
    let asked = 0;
    const refuse = async () => {
      asked++;
      return { data: null, error: new Error('invalid signature') };
    };
    expect((await claimsOf(refused, refuse, now)).error).toBeInstanceOf(Error);
    expect((await claimsOf(refused, refuse, now)).error).toBeInstanceOf(Error);
    expect(asked).toBe(2);
  });

  it('drops the oldest token past the limit', async () => {
    const first = tokenOf('ES256');
    const { calls, getClaims } = verifier();
    await claimsOf(first, getClaims, now);
    for (let index = 0; index < maxVerifiedTokens; index++) await claimsOf(tokenOf('ES256'), getClaims, now);
    calls.length = 0;
    await claimsOf(first, getClaims, now);
    expect(calls).toEqual([first]);
  });
});

describe('keptClaims', () => {
  it('answers only for a token this process verified, while it is unexpired and within the reuse time', async () => {
    const token = tokenOf('ES256');
    expect(keptClaims(token, now)).toBeNull();
    await claimsOf(token, verifier(now / 1000 + 600).getClaims, now);
    expect(keptClaims(token, now + 1000)?.sub).toBe('u1');
    expect(keptClaims(token, now + 601_000)).toBeNull();
    // Dropped once expired: a later call must verify again.
    expect(keptClaims(token, now + 1000)).toBeNull();
  });

  it('never answers for a token whose verification failed or that asked the auth server (HS256)', async () => {
    const refused = tokenOf('ES256');
    await claimsOf(refused, async () => ({ data: null, error: new Error('invalid signature') }), now);
    expect(keptClaims(refused, now)).toBeNull();
    const symmetric = tokenOf('HS256');
    await claimsOf(symmetric, verifier().getClaims, now);
    expect(keptClaims(symmetric, now)).toBeNull();
  });
});
