import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSerwistRoute } from '@serwist/turbopack';
import { locales } from '@/i18n/locales';
import { getPathname } from '@/i18n/navigation';
import { env } from '@/lib/env/env';
import { offlineRoute, type OfflinePages } from '@/lib/pwa/offline-pages';
import { routeTable } from '@/lib/routes/route-table';

// Serves /serwist/sw.js (bundled from app/sw.ts at build time). Static: the middleware only checks /serwist/ paths
// with a percent sign (lib/http/readable-path.ts).
// Only generateStaticParams and GET are exported: the segment config it also returns
// (dynamic, revalidate, dynamicParams) is not allowed with cacheComponents, and the route is static anyway.

const { distDir } = env;
// The worker's source map only in development: a production build does not publish its source.
const sourceMap = env.nodeEnv !== 'production';

// The precached pages are HTML that references hashed chunks and contains translations, so their
// precache revision changes whenever the client build output or any message file does.
function offlinePageRevision(): string {
  const hash = createHash('sha256');
  const staticFiles = readdirSync(path.join(distDir, 'static'), { recursive: true, encoding: 'utf8' }).sort();
  hash.update(staticFiles.join('\n'));
  for (const file of readdirSync('messages').sort()) hash.update(readFileSync(path.join('messages', file)));
  return hash.digest('hex').slice(0, 32);
}

const revision = offlinePageRevision();

// The pages the route table lets the worker store at install (the offline page), in every language.
const precachedPages = routeTable
  .filter((entry) => entry.worker === 'precache')
  .flatMap((entry) => locales.map((locale) => getPathname({ href: entry.path, locale })));
const offlinePages: OfflinePages = Object.fromEntries(
  locales.map((locale) => [locale, getPathname({ href: offlineRoute, locale })]),
) as Record<(typeof locales)[number], string>;

const serwistRoute = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  // Only build output and the app icons; screenshots and other public files stay out of the precache.
  globPatterns: [`${distDir}/static/**/*.{js,css,woff2}`, 'public/icons/**/*.png'],
  additionalPrecacheEntries: precachedPages.map((url) => ({ url, revision })),
  esbuildOptions: {
    sourcemap: sourceMap,
    define: {
      'process.env.NEXT_PUBLIC_SUPABASE_URL': JSON.stringify(env.supabaseUrl),
      'process.env.POLYGLOT_OFFLINE_PAGES': JSON.stringify(JSON.stringify(offlinePages)),
    },
  },
});

// The files serwist builds from app/sw.ts; all are prerendered.
const serwistFiles: ReadonlySet<string> = new Set(sourceMap ? ['sw.js', 'sw.js.map'] : ['sw.js']);

export const { generateStaticParams } = serwistRoute;

// Any other name would reach serwist's handler at request time, which rebuilds the worker and answers an
// empty 200 or, under cacheComponents, a 500.
export async function GET(request: Request, context: RouteContext<'/serwist/[path]'>) {
  const { path: file } = await context.params;
  if (!serwistFiles.has(file)) return new Response(null, { status: 404 });
  return serwistRoute.GET(request, context);
}
