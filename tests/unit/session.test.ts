import { describe, expect, it, vi } from 'vitest';
import { syncPresenceHint } from '@/lib/session/presence-hint';
import {
  identityOf,
  isSecondFactorPending,
  PRESENCE_HINT_COOKIE,
  presenceHint,
  presenceName,
  storedUserFactors,
  verifiedFactors,
} from '@/lib/session/types';

function sync(current: string | undefined, identity: Parameters<typeof syncPresenceHint>[1]) {
  const writes: { name: string; value: string; maxAge: number; httpOnly: boolean }[] = [];
  syncPresenceHint(current, identity, (name, value, options) =>
    writes.push({ name, value, maxAge: options.maxAge, httpOnly: options.httpOnly }),
  );
  return writes;
}

const ada = { id: 'u1', email: 'ada@example.com', displayName: 'Ada' };

describe('syncPresenceHint', () => {
  it('sets a readable hint holding the display name, or the email without one', () => {
    expect(sync(undefined, ada)).toEqual([
      { name: PRESENCE_HINT_COOKIE, value: 'n=Ada', maxAge: 400 * 24 * 60 * 60, httpOnly: false },
    ]);
    expect(sync(undefined, { ...ada, displayName: undefined })[0]?.value).toBe('n=ada%40example.com');
  });

  it("carries the picture's version, and rewrites the hint when it changes", () => {
    expect(sync('n=Ada', { ...ada, picture: 'v2' })[0]?.value).toBe('n=Ada&p=v2');
    expect(sync('n=Ada&p=v2', { ...ada, picture: 'v2' })).toEqual([]);
    expect(sync('n=Ada&p=v2', ada)[0]?.value).toBe('n=Ada');
  });

  it('writes nothing when the hint already matches, and clears it on sign-out', () => {
    expect(sync('n=Ada', ada)).toEqual([]);
    expect(sync(undefined, null)).toEqual([]);
    expect(sync('n=Ada', null)).toEqual([
      { name: PRESENCE_HINT_COOKIE, value: '', maxAge: 0, httpOnly: false },
    ]);
    expect(sync('n=Ada', { ...ada, displayName: 'Grace' })[0]?.value).toBe('n=Grace');
    // A hint written before the picture joined it is rewritten in the new form.
    expect(sync('Ada', ada)[0]?.value).toBe('n=Ada');
  });

  it('reads names back as the browser sees them, refusing malformed values', () => {
    expect(presenceName('n%3DAd%25C3%25A9le%2BL.')).toBe('Adéle L.');
    expect(presenceName(encodeURIComponent('n=a%26b%3Dc'))).toBe('a&b=c');
    expect(presenceHint(encodeURIComponent('n=Ada&p=k3-x_9'))).toEqual({ name: 'Ada', picture: 'k3-x_9' });
    // A version the actions would not write (user_metadata is the user's own to set) is no picture.
    expect(presenceHint(encodeURIComponent('n=Ada&p=../x'))).toEqual({ name: 'Ada' });
    // The form before the picture joined it: the whole value is the name.
    expect(presenceName('Ad%C3%A9le')).toBe('Adéle');
    expect(presenceName('%E0%A4%A')).toBeNull();
    expect(presenceName('')).toBeNull();
    expect(presenceName('n%3D')).toBeNull();
  });
});

describe('identityOf', () => {
  it("reads the picture's version from user_metadata, only in the form the actions write", () => {
    expect(identityOf({ sub: 'u1', user_metadata: { avatar_version: 'k3x9' } })?.picture).toBe('k3x9');
    expect(identityOf({ sub: 'u1', user_metadata: { avatar_version: 'a/b' } })).not.toHaveProperty('picture');
    expect(identityOf({ sub: 'u1', user_metadata: { avatar_version: 7 } })).not.toHaveProperty('picture');
  });

  it('reads claims and user objects alike, names from our sign-up or from OAuth', () => {
    expect(identityOf({ sub: 'u1', email: 'a@b.c', user_metadata: { display_name: 'Ada' } })).toEqual({
      id: 'u1',
      email: 'a@b.c',
      displayName: 'Ada',
    });
    expect(
      identityOf({ id: 'u2', email: 'g@h.i', user_metadata: { full_name: 'Grace Hopper' } })?.displayName,
    ).toBe('Grace Hopper');
    expect(identityOf({ id: 'u3', user_metadata: { name: '  ' } })).toEqual({
      id: 'u3',
      email: '',
      displayName: undefined,
    });
    expect(identityOf({ email: 'no-id@example.com' })).toBeNull();
  });
});

describe('second factor', () => {
  const verified = {
    id: 'f1',
    status: 'verified',
    factor_type: 'totp',
    friendly_name: 'Phone',
    created_at: '2026-01-02T00:00:00Z',
  };
  const unverified = {
    id: 'f0',
    status: 'unverified',
    factor_type: 'totp',
    friendly_name: 'Abandoned',
    created_at: '2026-01-01T00:00:00Z',
  };

  it('is owed when the token is below aal2 and the user has a verified factor', () => {
    expect(isSecondFactorPending('aal1', [verified])).toBe(true);
    expect(isSecondFactorPending(undefined, [verified])).toBe(true);
    expect(isSecondFactorPending('aal2', [verified])).toBe(false);
    // GoTrue leaves `factors` out when there are none; an abandoned enrollment is not a factor yet.
    expect(isSecondFactorPending('aal1', undefined)).toBe(false);
    expect(isSecondFactorPending('aal1', [unverified])).toBe(false);
    expect(isSecondFactorPending('aal1', 'garbage')).toBe(false);
  });

  it('lists verified factors only, oldest first', () => {
    const later = { ...verified, id: 'f2', friendly_name: undefined, created_at: '2026-03-01T00:00:00Z' };
    expect(verifiedFactors([later, unverified, verified, null])).toEqual([
      { id: 'f1', type: 'totp', friendlyName: 'Phone', createdAt: '2026-01-02T00:00:00Z' },
      { id: 'f2', type: 'totp', friendlyName: '', createdAt: '2026-03-01T00:00:00Z' },
    ]);
  });

  it("reads the session cookie user's factors without the insecure-read warning", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // supabase-js's server-side proxy: every property read warns.
    const user = new Proxy(
      { id: 'u1', factors: [verified] },
      { get: (target, key) => (console.warn('insecure'), Reflect.get(target, key)) },
    );
    expect(storedUserFactors(user)).toEqual([verified]);
    expect(warn).not.toHaveBeenCalled();
    expect(storedUserFactors(undefined)).toBeUndefined();
    warn.mockRestore();
  });
});
