import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleMessages, examplePaths, marker, withoutMarked } from '@/scripts/example-remove';

// The removal itself runs in CI (`npm run example:remove -- --check`, .ci/run); these check its parts.
describe('removing the notes example', () => {
  it('drops a marked line and a marked block, and keeps the rest', () => {
    const source = [
      'keep 1',
      `drop // ${marker}`,
      `// ${marker} start`,
      'drop',
      `// ${marker} end`,
      `{/* ${marker} start */}`,
      '<Drop />',
      `{/* ${marker} end */}`,
      'keep 2',
    ].join('\n');
    expect(withoutMarked(source)).toBe('keep 1\nkeep 2');
  });

  it('refuses a block left open or closed twice', () => {
    expect(() => withoutMarked(`// ${marker} start\nx`)).toThrow();
    expect(() => withoutMarked(`x\n// ${marker} end`)).toThrow();
  });

  it('names paths and words that exist', () => {
    for (const each of examplePaths) expect(existsSync(each), each).toBe(true);
    const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    for (const [namespace, key] of exampleMessages)
      expect(
        key === undefined ? en[namespace] : en[namespace]?.[key],
        `${namespace}.${key ?? ''}`,
      ).toBeDefined();
  });
});
