import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSerwistRoute } from '@serwist/turbopack';
import { offlinePagePaths } from '@/lib/pwa/offline-fallbacks';

// Serves /serwist/sw.js (bundled from app/sw.ts at build time). Static: the middleware skips /serwist/.
// Only generateStaticParams and GET are exported: the segment config it also returns
// (dynamic, revalidate, dynamicParams) is not allowed with cacheComponents, and the route is static anyway.

// The offline pages change with every build (they reference hashed chunks), so their precache
// revision is the build id; git's HEAD is a fallback outside `next build`.
function buildRevision(): string {
  try {
    return readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || 'dev';
  }
}

const revision = buildRevision();

const serwistRoute = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  // Only build output and the app icons; screenshots and other public files stay out of the precache.
  globPatterns: [`${process.env.NEXT_DIST_DIR || '.next'}/static/**/*.{js,css,woff2}`, 'public/icons/**/*.png'],
  additionalPrecacheEntries: offlinePagePaths.map((url) => ({ url, revision })),
  esbuildOptions: {
    define: {
      'process.env.NEXT_PUBLIC_SUPABASE_URL': JSON.stringify(process.env.NEXT_PUBLIC_SUPABASE_URL ?? ''),
    },
  },
});

export const { generateStaticParams, GET } = serwistRoute;
