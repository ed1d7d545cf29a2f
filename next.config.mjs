import { readFileSync } from 'node:fs';
import createNextIntlPlugin from 'next-intl/plugin';
import { globalErrorTexts } from './i18n/global-error-texts.ts';
import { actionBodyLimit } from './lib/http/request-guard.ts';
import { locales } from './i18n/locales.ts';
import { securityHeaders, staticPagePolicy } from './lib/http/security-headers.ts';
import { routeTable } from './lib/routes/route-table.ts';

const production = process.env.NODE_ENV === 'production';

// The prerendered pages, in every language: their script policy is a <meta> in their HTML, with the hashes of their
// inline scripts (scripts/static-page-csp.ts), so their header leaves scripts to it. Later entries win. Each source
// is a literal path: Next compiles every header value of an entry whose source has parameters (`/:locale(…)`) on
// each request, which cost a prerendered page 12–38% more CPU per view (bench/README.md, "The script policy's cost").
const prerenderedPages = routeTable
  .filter((entry) => entry.caching === 'static')
  .flatMap((entry) =>
    locales.map((locale) => ({
      source: `/${locale}${entry.path === '/' ? '' : entry.path}`,
      headers: [{ key: 'Content-Security-Policy', value: staticPagePolicy(production) }],
    })),
  );

const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  // Messages compiled at build time: the browser gets no ICU parser.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets parallel test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The benchmark's build adds its measuring pages (page.bench.tsx: the signed-in shell, bench/README.md); no other
  // build contains them.
  pageExtensions: ['tsx', 'ts', ...(process.env.POLYGLOT_BENCH_PAGES === '1' ? ['bench.tsx'] : [])],
  reactStrictMode: true,
  poweredByHeader: false,
  // Next hashes the whole body of every page answer (FNV-1a in JavaScript, one character at a time) to make an
  // ETag: on the prerendered home page, 15% of the server's CPU per request (profiled, bench/README.md). Pages are
  // shared from the CDN or the build's cache, so the hash buys only a 304 for a browser reload; files under
  // /_next/static and public/ keep their own ETags.
  generateEtags: false,
  // Next's default corner, stated because the page keeps room for it in development (the next-dev variant in
  // app/globals.css): no corner is free in both directions, since the banner's buttons start left in LTR, right in RTL.
  devIndicators: { position: 'bottom-left' },
  experimental: {
    globalNotFound: true,
    // Profile pictures go up as server-action bodies: the limit and why, in lib/http/request-guard.ts.
    serverActions: { bodySizeLimit: actionBodyLimit },
    // Next hands the middleware, and after it the page, only the first 10 MB of a body (its default): a note's
    // 10 MiB file posted without JavaScript arrived cut short, refused as undecodable. 1 MiB beyond the action
    // limit, more than a stream chunk, so the middleware's guard sees a longer body as over it, not as cut short.
    proxyClientMaxBodySize: actionBodyLimit + 1024 * 1024,
  },
  env: {
    // app/global-error.tsx has no next-intl provider: its words, read from the messages at build time.
    POLYGLOT_GLOBAL_ERROR_TEXTS: JSON.stringify(
      globalErrorTexts((locale) => JSON.parse(readFileSync(`./messages/${locale}.json`, 'utf8'))),
    ),
  },
  // app/serwist/[path]/route.ts bundles the service worker with esbuild at build time (@serwist/turbopack).
  serverExternalPackages: ['esbuild', 'esbuild-wasm'],
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders(production) },
      ...prerenderedPages,
      // Browsers must revalidate the service worker on every check, or updates stall behind CDN caches.
      {
        source: '/serwist/:path*',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
