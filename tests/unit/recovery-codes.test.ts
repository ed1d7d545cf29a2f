import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, normalizeRecoveryCode, recoveryCodesFile } from '@/lib/auth/recovery-codes';

describe('recovery codes in the app', () => {
  it('shows a code in groups of four', () => {
    expect(formatRecoveryCode('k4m9x7qp2ab8ht3z')).toBe('k4m9-x7qp-2ab8-ht3z');
    expect(formatRecoveryCode('abcdefghijklm')).toBe('abcd-efgh-ijkl-m');
  });

  it('sends a typed code without spaces and hyphens, in lower case', () => {
    expect(normalizeRecoveryCode(' K4M9-X7QP 2AB8\u00a0ht3z ')).toBe('k4m9x7qp2ab8ht3z');
    expect(normalizeRecoveryCode(null)).toBe('');
  });

  it('writes the download as a heading, then one grouped code a line', () => {
    expect(recoveryCodesFile('Codes', ['aaaabbbbccccdddd', 'eeeeffffgggghhhh'])).toBe(
      'Codes\n\naaaa-bbbb-cccc-dddd\neeee-ffff-gggg-hhhh\n',
    );
  });
});
