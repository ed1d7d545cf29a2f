import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The end-to-end specs take `test` from tests/e2e/support/test.ts, whose browsers count as online whatever the
// machine's network (Chromium says offline on a machine with loopback alone): a spec importing @playwright/test
// itself would fail there and nowhere else.

function specs(dir = 'tests/e2e'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? specs(join(dir, entry.name))
      : entry.name.endsWith('.spec.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('end-to-end specs', () => {
  it.each(specs())('%s takes test from support/test.ts', (path) => {
    const source = readFileSync(path, 'utf8');
    expect(source).not.toMatch(/from '@playwright\/test'/);
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from '\.\.\/support\/test'/);
  });
});
