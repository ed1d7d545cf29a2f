import { describe, expect, it } from 'vitest';
import {
  avatarFileProblem,
  avatarMaxBytes,
  avatarPath,
  avatarSize,
  avatarSizes,
  avatarSource,
  initials,
  servedAvatarSize,
  sniffAvatarType,
} from '@/lib/avatars/avatar-rules';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('avatarFileProblem', () => {
  it('refuses nothing chosen and an empty file', () => {
    expect(avatarFileProblem(null)).toBe('empty');
    expect(avatarFileProblem({ size: 0, type: 'image/png' })).toBe('empty');
  });
  it('takes exactly the limit and refuses one byte more', () => {
    expect(avatarFileProblem({ size: avatarMaxBytes, type: 'image/jpeg' })).toBeNull();
    expect(avatarFileProblem({ size: avatarMaxBytes + 1, type: 'image/jpeg' })).toBe('tooBig');
  });
  it('takes JPEG, PNG and WebP only', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(avatarFileProblem({ size: 10, type })).toBeNull();
    for (const type of ['image/svg+xml', 'image/gif', 'text/html', 'application/pdf', ''])
      expect(avatarFileProblem({ size: 10, type })).toBe('wrongType');
  });
});

describe('sniffAvatarType', () => {
  it('knows the three signatures', () => {
    expect(sniffAvatarType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffAvatarType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffAvatarType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses other files, whatever their name says', () => {
    expect(sniffAvatarType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffAvatarType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffAvatarType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffAvatarType(bytes())).toBeNull();
  });
});

describe('avatarSize', () => {
  it('serves the declared sizes and the smallest for anything else', () => {
    for (const size of avatarSizes) expect(avatarSize(String(size))).toBe(size);
    for (const value of [null, '', '4096', '32.0', ' 128', '-1'])
      expect(avatarSize(value)).toBe(avatarSizes[0]);
  });
});

it('puts a picture in its owner folder', () => {
  expect(avatarPath('8f14e45f-ceea-467f-a0e6-7d4c1ea4c0a1')).toBe(
    '8f14e45f-ceea-467f-a0e6-7d4c1ea4c0a1/avatar',
  );
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada Lovelace', 'en')).toBe('AL');
    expect(initials('  maría  josé de la  cruz ', 'es')).toBe('MC');
    expect(initials('Zoë', 'en')).toBe('Z');
  });
  it('uses the part before the @ of an email address', () => {
    expect(initials('ada@example.com', 'en')).toBe('A');
  });
  it('keeps a letter whole and uppercases it in the locale', () => {
    expect(initials('e\u0301mile zola', 'fr')).toBe('E\u0301Z');
    expect(initials('ilker ışık', 'tr')).toBe('İI');
    expect(initials('ليلى أحمد', 'ar')).toBe('لأ');
    expect(initials('山田 太郎', 'ja')).toBe('山太');
  });
  it('is empty for an empty name', () => {
    expect(initials('   ', 'en')).toBe('');
  });
});

describe('avatarSource', () => {
  it('serves the smallest size at least as large as shown, the largest beyond it, named by the version', () => {
    expect(servedAvatarSize(24)).toBe(32);
    expect(servedAvatarSize(32)).toBe(32);
    expect(servedAvatarSize(100)).toBe(128);
    expect(servedAvatarSize(500)).toBe(128);
    expect(avatarSource(32, 'k3-x_9')).toBe('/api/avatar?size=32&v=k3-x_9');
  });
});
