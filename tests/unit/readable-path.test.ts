import { describe, expect, it } from 'vitest';
import { readablePath } from '@/lib/http/readable-path';

describe('readablePath', () => {
  it('leaves paths that decode as they are', () => {
    for (const path of [
      '/',
      '/en',
      '/en/sign-in',
      '/ja/%E3%81%82',
      '/en/a%20b',
      '/en/%25ff',
      '/api/health',
    ]) {
      expect(readablePath(path)).toBe(path);
    }
  });

  it('makes each undecodable segment literal and keeps the others', () => {
    expect(readablePath('/en/%ff')).toBe('/en/%25ff');
    expect(readablePath('/de/a%2')).toBe('/de/a%252');
    expect(readablePath('/ar/%')).toBe('/ar/%25');
    expect(readablePath('/%E0%A4%A')).toBe('/%25E0%25A4%25A');
    expect(readablePath('/ja/%E3%81%82/%C0%AF')).toBe('/ja/%E3%81%82/%25C0%25AF');
    expect(readablePath('/en/sign-in/%ED%A0%80')).toBe('/en/sign-in/%25ED%25A0%2580');
  });

  it('always returns a path that decodes, and never a different host', () => {
    const attacks = [
      '/%ff/%fe',
      '//%ff/evil.example',
      '///%ff/evil.example',
      '/\\%ff/evil.example',
      '\\\\%ff',
      '/%5c%ff/evil.example',
      '/%%%',
      '/a%zz/b%1/c%',
    ];
    for (const path of attacks) {
      const readable = readablePath(path);
      expect(() => decodeURIComponent(readable), readable).not.toThrow();
      expect(readable.startsWith('/')).toBe(true);
      expect(new URL(readable, 'https://polyglot.example').host).toBe('polyglot.example');
    }
  });
});
