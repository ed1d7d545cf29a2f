import { describe, expect, it } from 'vitest';
import { normalizeCode, totpCode } from '@/lib/auth/one-time-code';

describe('normalizeCode', () => {
  it('reads digits from any keyboard as ASCII', () => {
    expect(normalizeCode('١٢٣٤٥٦')).toBe('123456'); // Arabic-Indic
    expect(normalizeCode('۱۲۳۴۵۶')).toBe('123456'); // Extended Arabic-Indic (Persian, Urdu)
    expect(normalizeCode('１２３４５６')).toBe('123456'); // full-width (Japanese IMEs)
    expect(normalizeCode('٠٩۰۹０９09')).toBe('09090909');
  });

  it('drops spaces, bidi marks and dashes that grouping or copy and paste add', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123\u00a0456')).toBe('123456');
    expect(normalizeCode('123\u2009456')).toBe('123456');
    expect(normalizeCode('\u200f١٢٣ ٤٥٦\u200e')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    expect(normalizeCode('１２３　４５６')).toBe('123456'); // ideographic space
  });

  it('keeps anything else, so the format check refuses it', () => {
    expect(normalizeCode('12a456')).toBe('12a456');
    expect(normalizeCode('½23456')).toBe('½23456');
  });
});

describe('totpCode', () => {
  it('accepts six digits in any script', () => {
    expect(totpCode('١٢٣ ٤٥٦')).toEqual({ code: '123456' });
    expect(totpCode('000000')).toEqual({ code: '000000' });
  });

  it('names what is wrong otherwise', () => {
    expect(totpCode(null)).toEqual({ problem: 'codeRequired' });
    expect(totpCode('   ')).toEqual({ problem: 'codeRequired' });
    expect(totpCode('12345')).toEqual({ problem: 'codeFormat' });
    expect(totpCode('1234567')).toEqual({ problem: 'codeFormat' });
    expect(totpCode('12345x')).toEqual({ problem: 'codeFormat' });
    expect(totpCode(new File(['123456'], 'code.txt'))).toEqual({ problem: 'codeRequired' });
  });
});
