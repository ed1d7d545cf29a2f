import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A reason is written in the comment itself or in docs/decisions/, never as a number in a tracker the repository
// does not have (docs/decisions/0002-reasons-in-the-repository.md). This reads every text file git knows, tracked
// or new but not ignored, so after a merge one run lists every line to rewrite:
//   npx vitest run tests/unit/tracker-references.test.ts

const root = path.resolve(import.meta.dirname, '../..');

/** Text the project writes: code, SQL, config, docs, messages, scripts. Generated or binary files are not read. */
const text = /\.(ts|tsx|mts|mjs|cjs|js|sql|toml|md|json|ya?ml|css|sh|lua|txt)$|(^|\/)(run|\.env[\w.]*)$/;
const generated = new Set(['package-lock.json']);
/** This file, which must spell out what it refuses. */
const self = 'tests/unit/tracker-references.test.ts';

/**
 * The word issue, ticket, PR or pull request followed by a number (one or several), and a bare "#" with a number.
 * An upstream reference names its repository
 * (`vercel/next.js#62228`) or is a URL (`…/issues/86945`); an HTML entity (`&#34;`) or a colour (`'#171717'`,
 * `color:#525252`) is no reference either.
 */
const trackerReference = [
  /\b(?:issues?|tickets?|PRs?|pull requests?)\s*#?\d+\b/i,
  /(?<![\w/&'"#:-])#\d+\b(?!['"])/,
];

function trackerReferences(source: string): string[] {
  return source
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => trackerReference.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

function projectFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => text.test(file) && !generated.has(path.basename(file)) && file !== self);
}

describe('tracker references', () => {
  it('finds the forms it refuses and passes upstream references', () => {
    expect(
      // Built from parts, so this file itself holds no reference to a tracker.
      trackerReferences(['// see issue', '(issues', 'Issue', 'fixed in #98455'].join(' 32\n')),
    ).toHaveLength(4);
    expect(
      trackerReferences(
        [
          'vercel/next.js#62228',
          'https://github.com/vercel/next.js/issues/86945',
          "'#34': '\"'",
          "const ink = '#171717';",
          'style="color:#525252;"',
          '&#43;',
          'the parity issue',
          'a tissue 3 times',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('no file cites a tracker number', () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let source: string;
      try {
        source = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // listed by git but deleted in the work tree
      }
      for (const hit of trackerReferences(source)) found.push(`${file}:${hit}`);
    }
    expect(found).toEqual([]);
  });
});
