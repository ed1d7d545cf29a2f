import { describe, expect, it } from 'vitest';
import { redactEvent, redactUrl } from '@/lib/analytics/redact-event';

describe('analytics redaction', () => {
  it('drops query strings and fragments', () => {
    expect(
      redactUrl('https://polyglot.example/en/auth/confirm?token_hash=abc&type=email#access_token=xyz'),
    ).toBe('https://polyglot.example/en/auth/confirm');
  });

  it.each([
    ['/en/users/jane.doe%40example.com', '/en/users/:email'],
    ['/en/users/jane@example.com/settings', '/en/users/:email/settings'],
    ['/de/orders/3f2b8c1e-9a4d-4c6e-8b1f-2a3b4c5d6e7f', '/de/orders/:id'],
    ['/en/verify/123456', '/en/verify/:code'],
    ['/en/reset/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature_x', '/en/reset/:token'],
    ['/en/invite/a8Kq2ZpX0vLm9TbN4cRw7YdE', '/en/invite/:token'],
  ])('replaces identifying segments in %s', (input, expected) => {
    expect(redactUrl(`https://polyglot.example${input}`)).toBe(`https://polyglot.example${expected}`);
  });

  it('keeps ordinary paths intact', () => {
    expect(redactUrl('https://polyglot.example/ar/account/security-settings')).toBe(
      'https://polyglot.example/ar/account/security-settings',
    );
    expect(redactUrl('https://polyglot.example/en')).toBe('https://polyglot.example/en');
  });

  it('handles relative URLs and malformed escapes', () => {
    expect(redactUrl('/en/verify/9876?x=1')).toBe('/en/verify/:code');
    expect(redactUrl('/en/%E0%A4%A')).toBe('/en/%E0%A4%A');
  });

  it('redacts whole events and keeps their other fields', () => {
    const event = {
      type: 'vital' as const,
      url: 'https://polyglot.example/en/account?email=a@b.co',
      route: '/[locale]/account',
    };
    expect(redactEvent(event)).toEqual({
      type: 'vital',
      url: 'https://polyglot.example/en/account',
      route: '/[locale]/account',
    });
  });
});
