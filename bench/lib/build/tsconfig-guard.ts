import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { productDistDirName, repoRoot } from '../paths.ts';

const tsconfigPath = path.join(repoRoot, 'tsconfig.json');

/**
 * `next build` adds `<distDir>/types/**` globs to tsconfig.json `include`. The benchmark's build folder is its own
 * business, so after building, remove exactly the lines Next added for it and leave every other edit alone.
 */
export async function withoutBenchTypeGlobs<T>(build: () => Promise<T>): Promise<T> {
  const before = await readFile(tsconfigPath, 'utf8');
  try {
    return await build();
  } finally {
    const after = await readFile(tsconfigPath, 'utf8');
    if (after !== before && !before.includes(`${productDistDirName}/`)) {
      const marker = `"${productDistDirName}/`;
      const cleaned = after
        .split('\n')
        .filter((line) => !line.trim().startsWith(marker))
        .join('\n')
        // A removed last entry can leave a trailing comma before the closing bracket.
        .replace(/,(\s*\n\s*\])/g, '$1');
      // Next also rewrites the file's final newline: when nothing else changed, put back the exact original.
      await writeFile(tsconfigPath, cleaned.trimEnd() === before.trimEnd() ? before : cleaned);
    }
  }
}
