import { describe, expect, it } from 'vitest';
import { errorLogLines } from '../../scripts/checked-build';
import { serverErrorLine } from '@/lib/log/server-log';

describe('the build check', () => {
  it('finds the server error-log lines among the build output', () => {
    const logged = JSON.stringify({
      time: '2026-11-25T19:00:55.646Z',
      ...serverErrorLine({ path: '/en/account', code: 'session_unreadable', error: new Error('boom') }),
    });
    const output = [
      '> next build',
      '   ▲ Next.js 16.4.6',
      ' ✓ Compiled successfully in 41s',
      logged,
      '{ not json',
      JSON.stringify({ level: 'info', path: '/en' }),
      '  ' + logged,
      '○  (Static)   prerendered as static content',
    ].join('\n');
    expect(errorLogLines(output)).toEqual([logged, '  ' + logged]);
  });

  it('finds nothing in a clean build', () => {
    expect(errorLogLines('> next build\n ✓ Generating static pages (120/120)\n')).toEqual([]);
  });
});
