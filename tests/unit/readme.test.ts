import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the newcomer's page: what the project is, the two commands, what they start, and where to read
// next. The manual (scripts, layout, engines, configuration) lives in docs/, so the page stays short.

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('README.md', () => {
  it('is at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('gives exactly the two commands as its quick start', () => {
    const quickStart = readme.split(/^## /m).find((section) => section.startsWith('Quick start\n'));
    expect(quickStart).toBeDefined();
    const block = /```sh\n([\s\S]*?)```/.exec(quickStart ?? '');
    expect(block?.[1]?.trim().split('\n')).toEqual(['npm install && npm run dev', 'npm test']);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^https?:/.test(target));
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets)
      expect(existsSync(path.resolve(import.meta.dirname, '../..', target)), target).toBe(true);
  });
});
