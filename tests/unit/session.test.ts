import { describe, expect, it } from 'vitest';
import { syncPresenceHint } from '@/lib/session/presence-hint';
import { identityOf, PRESENCE_HINT_COOKIE, presenceName } from '@/lib/session/types';

function sync(current: string | undefined, identity: Parameters<typeof syncPresenceHint>[1]) {
  const writes: { name: string; value: string; maxAge: number; httpOnly: boolean }[] = [];
  syncPresenceHint(current, identity, (name, value, options) => writes.push({ name, value, maxAge: options.maxAge, httpOnly: options.httpOnly }));
  return writes;
}

const ada = { id: 'u1', email: 'ada@example.com', displayName: 'Ada' };

describe('syncPresenceHint', () => {
  it('sets a readable hint holding the display name, or the email without one', () => {
    expect(sync(undefined, ada)).toEqual([{ name: PRESENCE_HINT_COOKIE, value: 'Ada', maxAge: 400 * 24 * 60 * 60, httpOnly: false }]);
    expect(sync(undefined, { ...ada, displayName: undefined })[0]?.value).toBe('ada@example.com');
  });

  it('writes nothing when the hint already matches, and clears it on sign-out', () => {
    expect(sync('Ada', ada)).toEqual([]);
    expect(sync(undefined, null)).toEqual([]);
    expect(sync('Ada', null)).toEqual([{ name: PRESENCE_HINT_COOKIE, value: '', maxAge: 0, httpOnly: false }]);
    expect(sync('Ada', { ...ada, displayName: 'Grace' })[0]?.value).toBe('Grace');
  });

  it('reads names back as the browser sees them, refusing malformed values', () => {
    expect(presenceName('Ad%C3%A9le')).toBe('Adéle');
    expect(presenceName('%E0%A4%A')).toBeNull();
    expect(presenceName('')).toBeNull();
  });
});

describe('identityOf', () => {
  it('reads claims and user objects alike, names from our sign-up or from OAuth', () => {
    expect(identityOf({ sub: 'u1', email: 'a@b.c', user_metadata: { display_name: 'Ada' } })).toEqual({ id: 'u1', email: 'a@b.c', displayName: 'Ada' });
    expect(identityOf({ id: 'u2', email: 'g@h.i', user_metadata: { full_name: 'Grace Hopper' } })?.displayName).toBe('Grace Hopper');
    expect(identityOf({ id: 'u3', user_metadata: { name: '  ' } })).toEqual({ id: 'u3', email: '', displayName: undefined });
    expect(identityOf({ email: 'no-id@example.com' })).toBeNull();
  });
});
