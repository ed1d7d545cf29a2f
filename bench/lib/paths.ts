import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const benchDir = path.join(repoRoot, 'bench');
export const resultsDir = path.join(benchDir, 'results');
export const nextBin = path.join(repoRoot, 'node_modules/next/dist/bin/next');
export const authServerMain = path.join(repoRoot, 'local-supabase/src/main.ts');
/** The product's own build folder for the benchmark (next.config.mjs reads NEXT_DIST_DIR). */
export const productDistDirName = '.next-bench';
export const productDistDir = path.join(repoRoot, productDistDirName);
/** Where the reference apps are copied and built: outside the repo (see bench/floor/next.config.mjs). */
export const stagingDir = path.join(os.tmpdir(), 'polyglot-bench');
