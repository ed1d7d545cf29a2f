import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSerwistRoute } from '@serwist/turbopack';
import { offlinePagePaths } from '@/lib/pwa/offline-fallbacks';

// Serves /serwist/sw.js (bundled from app/sw.ts at build time). Static: the middleware skips /serwist/.
// Only generateStaticParams and GET are exported: the segment config it also returns
// (dynamic, revalidate, dynamicParams) is not allowed with cacheComponents, and the route is static anyway.

const distDir = process.env.NEXT_DIST_DIR || '.next';

// The offline pages are HTML that references hashed chunks and contains translations, so their
// precache revision changes whenever the client build output or any message file does.
function offlinePageRevision(): string {
  const hash = createHash('sha256');
  const staticFiles = readdirSync(path.join(distDir, 'static'), { recursive: true, encoding: 'utf8' }).sort();
  hash.update(staticFiles.join('\n'));
  for (const file of readdirSync('messages').sort()) hash.update(readFileSync(path.join('messages', file)));
  return hash.digest('hex').slice(0, 32);
}

const revision = offlinePageRevision();

const serwistRoute = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  // Only build output and the app icons; screenshots and other public files stay out of the precache.
  globPatterns: [`${distDir}/static/**/*.{js,css,woff2}`, 'public/icons/**/*.png'],
  additionalPrecacheEntries: offlinePagePaths.map((url) => ({ url, revision })),
  esbuildOptions: {
    define: {
      'process.env.NEXT_PUBLIC_SUPABASE_URL': JSON.stringify(process.env.NEXT_PUBLIC_SUPABASE_URL ?? ''),
    },
  },
});

export const { generateStaticParams, GET } = serwistRoute;
