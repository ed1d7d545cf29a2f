import { describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { config } from '@/middleware';

// Next needs the matcher as literals, so the locale list is written out there: keep it in step.
describe('middleware matcher', () => {
  const [unprefixed, session, percent] = config.matcher;
  const lists = [unprefixed, session].map((source = '') => /\(\??:?(?:[a-z]+\()?((?:[a-z]{2}\|)+[a-z]{2})\)/.exec(source)?.[1]?.split('|'));

  it('names exactly the configured locales in the page rules', () => {
    for (const list of lists) expect(list?.sort()).toEqual([...locales].sort());
  });

  it('skips API routes, internals, the service worker and files, and runs for session pages', () => {
    expect(unprefixed).toContain('api/');
    expect(unprefixed).toContain('_next/');
    expect(unprefixed).toContain('serwist/');
    expect(session).toMatch(/account\|sign-in\|sign-up\|reset-password\|auth/);
  });

  it('also runs for every path with a percent sign, to redirect undecodable ones', () => {
    expect(percent).toBe('/(.*%.*)');
    expect(config.matcher).toHaveLength(3);
  });
});
