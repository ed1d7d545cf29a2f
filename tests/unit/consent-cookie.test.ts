import { describe, expect, it } from 'vitest';
import { parseConsent, serializeConsent } from '@/lib/consent/consent-cookie';

describe('consent cookie', () => {
  it('round-trips a choice', () => {
    const choice = { analytics: true, decidedAt: '2026-11-22T10:00:00.000Z' };
    expect(parseConsent(serializeConsent(choice))).toEqual(choice);
    expect(parseConsent(serializeConsent({ ...choice, analytics: false }))?.analytics).toBe(false);
  });

  it.each([
    undefined,
    '',
    'yes',
    '%7B%7D',
    encodeURIComponent('{"v":2,"analytics":true,"at":"x"}'),
    encodeURIComponent('{"v":1,"analytics":"true","at":"x"}'),
    '%E0%A4%A',
  ])('treats %s as "not chosen yet"', (value) => {
    expect(parseConsent(value)).toBeNull();
  });
});
