import { readFileSync } from 'node:fs';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { passkeyNameSchema, renamePasskeySchema } from '@/lib/auth/form-schemas';
import { describeDevice, passkeyNameDirection, plainPasskeyName } from '@/lib/auth/passkey-device-name';

const agents: Array<[string, string, string | null, string | null]> = [
  [
    'Chrome on Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
    'Chrome',
    'Android',
  ],
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Chrome',
    'Windows',
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
    'Edge',
    'Windows',
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
    'Safari',
    'macOS',
  ],
  [
    'Safari on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    'Safari',
    'iOS',
  ],
  [
    'Chrome on iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1',
    'Chrome',
    'iOS',
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    'Firefox',
    'Linux',
  ],
  [
    'Firefox on iPadOS',
    'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15',
    'Firefox',
    'iPadOS',
  ],
  [
    'Samsung Internet on Android',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
    'Samsung Internet',
    'Android',
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/120.0.0.0',
    'Opera',
    'Windows',
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Chrome',
    'ChromeOS',
  ],
  [
    'headless Chrome on Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    'Chrome',
    'Linux',
  ],
  ['an unknown agent', 'curl/8.0', null, null],
];

describe('describeDevice', () => {
  it.each(agents)('%s', (_label, agent, browser, os) => {
    expect(describeDevice(agent)).toEqual({ browser, os });
  });

  it('an iPad asking for the desktop site says Macintosh but has a touch screen', () => {
    const desktopSafari = agents[3]![1];
    expect(describeDevice(desktopSafari, 5)).toEqual({ browser: 'Safari', os: 'iPadOS' });
    expect(describeDevice(desktopSafari, 0)).toEqual({ browser: 'Safari', os: 'macOS' });
  });
});

/** The paragraph direction a browser gives the text (Unicode's rule P2): its first strong letter outside isolates. */
function paragraphDirection(text: string): 'ltr' | 'rtl' | null {
  let depth = 0;
  for (const char of text) {
    if (/[\u2066-\u2068]/.test(char)) depth += 1;
    else if (char === '\u2069') depth = Math.max(0, depth - 1);
    else if (
      depth === 0 &&
      /\p{Script=Latin}|\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(char)
    )
      return 'ltr';
    else if (depth === 0 && /\p{Script=Arabic}/u.test(char)) return 'rtl';
  }
  return null;
}

describe('the suggested name, "Chrome on Linux" in each language', () => {
  it.each(locales)("%s: plain words, shown in the sentence's direction", (locale) => {
    const messages = JSON.parse(
      readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8'),
    );
    const t = createTranslator({ locale, messages: { Passkeys: messages.Passkeys }, namespace: 'Passkeys' });
    const name = t.markup('deviceName', { browser: 'Chrome', os: 'Linux', bdi: (chunks) => chunks });
    expect(name).toMatch(/Chrome.*Linux|Linux.*Chrome/u);
    expect(name).toBe(plainPasskeyName(name));
    // Shown as a whole in the direction its words ask for: an Arabic reader sees "Chrome على Linux", not
    // "Linux على Chrome".
    const direction = passkeyNameDirection(name) === 'rtl' ? 'rtl' : paragraphDirection(name);
    expect(direction).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  });
});

describe('stored names', () => {
  it('lose the direction marks an earlier version saved', () => {
    expect(plainPasskeyName('\u2068Chrome\u2069 على \u2068Linux\u2069')).toBe('Chrome على Linux');
    expect(plainPasskeyName('\u202B\u202Dx\u202C\u202E y\u2066\u2067')).toBe('x y');
    expect(plainPasskeyName('Work laptop')).toBe('Work laptop');
  });

  it('are saved without them, whatever the form posts', () => {
    const parsed = passkeyNameSchema.safeParse({ name: '\u2068Chrome\u2069 on \u2068Linux\u2069' });
    expect(parsed.success && parsed.data.name).toBe('Chrome on Linux');
    expect(renamePasskeySchema.safeParse({ id: crypto.randomUUID(), name: '\u2068\u2069' }).success).toBe(
      false,
    );
  });

  it('show right to left when they hold right-to-left letters', () => {
    expect(passkeyNameDirection('Chrome على Linux')).toBe('rtl');
    expect(passkeyNameDirection('Work laptop')).toBe('auto');
    expect(passkeyNameDirection('仕事用ノート')).toBe('auto');
  });
});
