/// <reference lib="webworker" />
// The service worker, bundled by esbuild through app/serwist/[path]/route.ts.
//
// Caching policy (mirrored in docs/architecture.md, "Offline and caching"):
// 1. Precache: hashed build files (/_next/static/**), the app icons and one offline page per
//    language (/<locale>/~offline). The offline pages are fetched WITHOUT cookies, so they are the
//    anonymous version even if the worker installs while someone is signed in.
// 2. Network first, a kept copy when offline: navigations to the public static pages the route table marks
//    `worker: 'offline-copy'` (home, sign-in, sign-up, forgot-password, the email-link page). Only a plain 200
//    without `private`/`no-store` is kept; the page then says it may be out of date (components/pwa/offline-note).
// 3. Network only, never stored: other page navigations, React Server Component requests (RSC: 1,
//    Next-Router-State-Tree, ?_rsc), /api/*, every route lib/routes/route-table.ts marks
//    `worker: 'network'` (every private or signed-in page) and every non-GET request. Serwist's caching
//    strategies ignore Cache-Control, so "no-store" alone would not keep a per-user response out. Other
//    origins (the Supabase origin, and Google Tag Manager once allowed) are not handled by the worker at
//    all: they go straight to the network.
// 4. Cache first: hashed static assets and fonts (their URLs change when their bytes do).
//    Stale-while-revalidate: icons. Anything else: network only.
// 5. Offline: a failed navigation with no kept copy answers with the precached offline page of the URL's language.
// 6. Updates never take over an open page: skipWaiting is off; the page shows a notice and sends
//    SKIP_WAITING only when the visitor agrees (components/pwa/update-notice.tsx).
// 7. Sign-out: the page calls clearRuntimeCaches(); as a safety net the worker also clears its
//    runtime caches when it sees a non-GET request to a sign-out endpoint or a CLEAR_RUNTIME_CACHES message.
import type { PrecacheEntry, SerwistGlobalConfig } from 'serwist';
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
} from 'serwist';
import { runtimeCacheNames } from '@/lib/pwa/cache-names';
import { clearRuntimeCaches } from '@/lib/pwa/clear-runtime-caches';
import { offlinePageFor, type OfflinePages } from '@/lib/pwa/offline-pages';
import {
  isFont,
  isHashedStaticAsset,
  isIcon,
  isOfflineCopyNavigation,
  isPrivateRequest,
  isSignOutRequest,
  isStorablePage,
} from '@/lib/pwa/request-policy';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

// Replaced at bundle time by the route's esbuild `define` (the Supabase URL from lib/env/env.ts).
const supabaseOrigin = new URL(process.env.NEXT_PUBLIC_SUPABASE_URL!).origin;
const offlinePages: OfflinePages = JSON.parse(process.env.POLYGLOT_OFFLINE_PAGES ?? '{}');
const origin = self.location.origin;
const factsOf = (request: Request, url: URL) => ({
  url,
  origin,
  method: request.method,
  mode: request.mode,
  headers: request.headers,
});

const year = 365 * 24 * 60 * 60;

function stripSearch(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}

self.addEventListener('fetch', (event) => {
  if (isSignOutRequest(factsOf(event.request, new URL(event.request.url))))
    event.waitUntil(clearRuntimeCaches());
});
self.addEventListener('message', (event) => {
  if (event.data?.type === 'CLEAR_RUNTIME_CACHES') event.waitUntil(clearRuntimeCaches());
});

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    plugins: [{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) }],
  },
  skipWaiting: false,
  clientsClaim: false,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => isOfflineCopyNavigation(factsOf(request, url)),
      handler: new NetworkFirst({
        cacheName: runtimeCacheNames.pages,
        plugins: [
          { cacheWillUpdate: async ({ response }) => (isStorablePage(response) ? response : null) },
          // One copy per page whatever its query (?next=…): the page is the same for everyone.
          { cacheKeyWillBeUsed: async ({ request }) => stripSearch(request.url) },
          new ExpirationPlugin({ maxEntries: 36, maxAgeSeconds: 30 * 24 * 60 * 60 }),
        ],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && isPrivateRequest(factsOf(request, url), supabaseOrigin),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ url }) => isHashedStaticAsset({ url, origin }),
      handler: new CacheFirst({
        cacheName: runtimeCacheNames.staticAssets,
        plugins: [new ExpirationPlugin({ maxEntries: 128, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ url }) => isFont({ url, origin }),
      handler: new CacheFirst({
        cacheName: runtimeCacheNames.fonts,
        plugins: [new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: year })],
      }),
    },
    {
      matcher: ({ url }) => isIcon({ url, origin }),
      handler: new StaleWhileRevalidate({
        cacheName: runtimeCacheNames.icons,
        plugins: [new ExpirationPlugin({ maxEntries: 16 })],
      }),
    },
    { matcher: ({ sameOrigin }) => sameOrigin, handler: new NetworkOnly() },
  ],
  fallbacks: {
    entries: Object.values(offlinePages).map((path) => ({
      url: path,
      matcher: ({ request }) =>
        request.destination === 'document' &&
        offlinePageFor(offlinePages, new URL(request.url).pathname) === path,
    })),
  },
});

serwist.addEventListeners();
