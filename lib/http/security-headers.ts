// One list for next.config.mjs (pages, assets, route handlers), scripts/start.ts and the middleware (its own
// redirects). Plain module without path aliases, imports written with their extension: next.config.mjs and
// scripts/start.ts load it with Node's type stripping.
import { localSupabaseUrl } from '../env/local-supabase.ts';

const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

// Google Tag Manager and the Google Analytics 4 tags it loads (https://developers.google.com/tag-platform/security/guides/csp).
const googleTagOrigins = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  frame: ['https://www.googletagmanager.com'],
};

/**
 * The Content-Security-Policy of every answer. Pages are prerendered and shared, so no per-request nonce: Next
 * inlines each page's React Server Component payload as `<script>self.__next_f.push(…)</script>`, different per
 * page and build, which only 'unsafe-inline' admits. Hashes of our own fixed scripts (consent defaults, cookie
 * hints, theme) cannot be added next to it: a browser that sees a hash ignores 'unsafe-inline', and Next's
 * payload scripts would stop. What the policy does hold: no script from any other origin (but Google Tag Manager
 * when configured), no plugins, no `<base>`, no framing, forms posting only here, no inline event handlers,
 * and connections only to the app, the Supabase origin and the configured analytics.
 */
export function contentSecurityPolicy(
  production: boolean,
  // Spelled out so Next inlines them into the edge middleware's bundle; the local auth server's URL by default.
  {
    supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL || localSupabaseUrl,
    gtmId = process.env.NEXT_PUBLIC_GTM_ID,
  } = {},
): string {
  const supabaseOrigin = new URL(supabaseUrl).origin;
  const gtm = Boolean(gtmId);
  const google = (kind: keyof typeof googleTagOrigins) => (gtm ? googleTagOrigins[kind] : []);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Development: React's debugging needs eval, and the dev server's updates come over a WebSocket.
    'script-src': [
      "'self'",
      "'unsafe-inline'",
      ...(production ? [] : ["'unsafe-eval'"]),
      ...google('script'),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...google('img')],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", supabaseOrigin, ...(production ? [] : ['ws:', 'wss:']), ...google('connect')],
    'frame-src': google('frame').length ? google('frame') : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The OAuth form's answer redirects to the auth server's /authorize: without JavaScript that is the form's own
    // navigation, which form-action governs.
    'form-action': ["'self'", supabaseOrigin],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(production: boolean): Array<{ key: string; value: string }> {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(production) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: permissionsPolicy },
    ...(production
      ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
      : []),
  ];
}
