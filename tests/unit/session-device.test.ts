import { createTranslator, type Locale } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { sessionDevice } from '@/lib/account-sessions/session-device';
import { toSession } from '@/lib/account-sessions/session-queries';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// "Your sessions" names each session's device from the User-Agent the auth server recorded (the parser itself is
// lib/auth/passkey-device-name.ts, tested in passkey-device-name.test.ts); these are the sentences it ends up as.

const chromeWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const safariIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const firefoxUnknownSystem = 'Mozilla/5.0 (rv:133.0) Gecko/20100101 Firefox/133.0';
const androidApp = 'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP2A.240805.005)';

function words(userAgent: string | null, messages: typeof en = en, locale: Locale = 'en'): string {
  const t = createTranslator({ locale, messages, namespace: 'Sessions' });
  const { key, values } = sessionDevice(userAgent);
  // <bdi> as its bare text: the page renders it as an element.
  return t.markup(key, { ...values, bdi: (chunks) => chunks });
}

describe('a session’s device in words', () => {
  it.each([
    [chromeWindows, 'Chrome on Windows'],
    [firefoxLinux, 'Firefox on Linux'],
    [safariIphone, 'Safari on iOS'],
    [firefoxUnknownSystem, 'Firefox on an unknown system'],
    [androidApp, 'A browser on Android'],
  ])('%s reads “%s”', (userAgent, expected) => {
    expect(words(userAgent)).toBe(expected);
  });

  it.each([
    ['no User-Agent recorded', null],
    ['an empty one', ''],
    ['Node’s fetch (a server signing in for the visitor)', 'node'],
    ['curl', 'curl/8.5.0'],
    ['one longer than any browser’s', `${chromeWindows} ${'x'.repeat(1024)}`],
  ])('%s reads “Unknown device”', (_case, userAgent) => {
    expect(words(userAgent)).toBe('Unknown device');
  });

  it('keeps the brand names whole in the Arabic sentence', () => {
    expect(words(chromeWindows, ar as typeof en, 'ar')).toBe('Chrome على Windows');
  });
});

describe('a session as the page shows it', () => {
  const row = {
    aal: 'aal1',
    created_at: '2026-11-27T08:00:00Z',
    id: 'a1',
    ip: '192.0.2.1',
    is_current: false,
    not_after: '',
    refreshed_at: '2026-11-27T09:00:00Z',
    updated_at: '2026-11-27T09:00:00Z',
    user_agent: firefoxLinux,
  };
  const now = new Date('2026-11-27T10:30:00Z');

  it('is last active at its last refresh, or its sign-in before one', () => {
    expect(toSession(row, now).lastActiveAt).toBe('2026-11-27T09:00:00Z');
    expect(toSession({ ...row, refreshed_at: null as unknown as string }, now).lastActiveAt).toBe(
      '2026-11-27T08:00:00Z',
    );
  });

  it('is active now when it is the session asking, whenever its token was refreshed', () => {
    expect(toSession({ ...row, is_current: true }, now).lastActiveAt).toBe(now.toISOString());
  });
});
