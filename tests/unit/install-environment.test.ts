import { describe, expect, it } from 'vitest';
import { isIosSafari } from '@/lib/pwa/install-environment';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ipadSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe('isIosSafari', () => {
  it('recognises Safari on iPhone and on iPadOS (which reports a Mac)', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true);
    expect(isIosSafari(ipadSafari, 5)).toBe(true);
  });

  it('excludes desktop Safari, other iOS browsers and Chromium', () => {
    expect(isIosSafari(ipadSafari, 0)).toBe(false);
    expect(isIosSafari(iphoneChrome, 5)).toBe(false);
    expect(isIosSafari(desktopChrome, 0)).toBe(false);
  });
});
