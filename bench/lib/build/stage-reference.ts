import { cp, mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { benchDir, nextBin, repoRoot, stagingDir } from '../paths.ts';
import { runToCompletion } from '../servers/child-process.ts';

export type ReferenceApp = 'floor' | 'intl-floor';

/** The staged copy of a reference app: what `next start` runs from. */
export function referenceAppDir(app: ReferenceApp): string {
  return path.join(stagingDir, app);
}

/**
 * Copies bench/<app> out of the repo (Turbopack would otherwise find the product's middleware.ts in a parent
 * folder), links the repo's node_modules so the same Next is used, and builds it.
 */
export async function buildReferenceApp(app: ReferenceApp): Promise<void> {
  const target = referenceAppDir(app);
  await rm(target, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  await cp(path.join(benchDir, app), target, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}.next`),
  });
  await symlink(path.join(repoRoot, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  await runToCompletion(process.execPath, [nextBin, 'build'], {
    cwd: target,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    quiet: true,
  });
  await assertMiddleware(app, target);
}

/** The floor must have no middleware and the intl floor exactly next-intl's: a wrong reference would skew every ratio. */
async function assertMiddleware(app: ReferenceApp, dir: string): Promise<void> {
  const manifest = JSON.parse(
    await readFile(path.join(dir, '.next/server/middleware-manifest.json'), 'utf8'),
  ) as { middleware: Record<string, unknown> };
  const count = Object.keys(manifest.middleware).length;
  if (app === 'floor' && count !== 0)
    throw new Error(`bench/floor was built with a middleware (${dir}): the floor must have none`);
  if (app === 'intl-floor' && count !== 1)
    throw new Error(`bench/intl-floor was built without its next-intl middleware (${dir})`);
}
