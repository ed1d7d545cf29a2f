import { nextBin, productDistDirName, repoRoot } from '../paths.ts';
import { runToCompletion } from '../servers/child-process.ts';
import { withoutBenchTypeGlobs } from './tsconfig-guard.ts';

/**
 * The product's environment for the benchmark: the local auth server on the benchmark's port (NEXT_PUBLIC_* are
 * inlined at build time, so build and start must agree) and a loopback site URL.
 */
export function productEnv(options: {
  siteUrl: string;
  authUrl: string;
  publishableKey: string;
  secretKey: string;
}): Record<string, string> {
  return {
    NEXT_DIST_DIR: productDistDirName,
    NEXT_PUBLIC_SITE_URL: options.siteUrl,
    NEXT_PUBLIC_SUPABASE_URL: options.authUrl,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: options.publishableKey,
    SUPABASE_SECRET_KEY: options.secretKey,
    NEXT_TELEMETRY_DISABLED: '1',
    // The signed-in shell target's page (next.config.mjs).
    POLYGLOT_BENCH_PAGES: '1',
  };
}

/**
 * `next build` of the product into its own folder (.next-bench), so it never collides with other builds, and the
 * rest of `npm run build`: the prerendered pages' script policy (scripts/static-page-csp.ts).
 */
export async function buildProduct(env: Record<string, string>): Promise<void> {
  const options = {
    cwd: repoRoot,
    env: { ...process.env, ...env, NODE_ENV: 'production' as const },
    quiet: true,
  };
  await withoutBenchTypeGlobs(() => runToCompletion(process.execPath, [nextBin, 'build'], options));
  await runToCompletion(process.execPath, ['scripts/static-page-csp.ts'], options);
}
