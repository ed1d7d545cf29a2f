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

/** A policy's directives, as `name → sources`, in the order they are written. */
type Directives = Record<string, string[]>;

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

interface PolicyOptions {
  supabaseUrl?: string;
  gtmId?: string;
}

/**
 * Every directive but the scripts' (docs/decisions/0013-a-script-policy-without-unsafe-inline.md): no plugins, no
 * `<base>`, no framing, forms posting only here, no inline event handlers, connections only to the app, the
 * Supabase origin and the configured analytics.
 */
function baseDirectives(
  production: boolean,
  // Spelled out so Next inlines them into the edge middleware's bundle; the local auth server's URL by default.
  {
    supabaseUrl = process.env.NEXT_PUBLIC_SUPABASE_URL || localSupabaseUrl,
    gtmId = process.env.NEXT_PUBLIC_GTM_ID,
  }: PolicyOptions,
): { directives: Directives; scriptHosts: string[] } {
  const supabaseOrigin = new URL(supabaseUrl).origin;
  const gtm = Boolean(gtmId);
  const google = (kind: keyof typeof googleTagOrigins) => (gtm ? googleTagOrigins[kind] : []);
  return {
    scriptHosts: google('script'),
    directives: {
      'default-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', ...google('img')],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", supabaseOrigin, ...(production ? [] : ['ws:', 'wss:']), ...google('connect')],
      'media-src': ["'self'"],
      'frame-src': google('frame').length ? google('frame') : ["'none'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      // The OAuth form's answer redirects to the auth server's /authorize: without JavaScript that is the form's own
      // navigation, which form-action governs.
      'form-action': ["'self'", supabaseOrigin],
    },
  };
}

/**
 * A policy whose scripts are this origin's files plus `scriptSources` (nonces, hashes, 'strict-dynamic'), never
 * 'unsafe-inline'. Development keeps 'unsafe-inline' and 'unsafe-eval': every page renders per request there, with
 * neither the middleware's nonce nor the build's hashes, React's debugging needs eval, and updates come over a
 * WebSocket.
 */
export function contentSecurityPolicy(
  production: boolean,
  scriptSources: readonly string[] = [],
  options: PolicyOptions = {},
): string {
  const { directives, scriptHosts } = baseDirectives(production, options);
  const scripts = production ? scriptSources : ["'unsafe-inline'", "'unsafe-eval'"];
  const { 'default-src': defaultSources, ...rest } = directives;
  return serialize({
    'default-src': defaultSources!,
    'script-src': ["'self'", ...scripts, ...scriptHosts],
    ...rest,
  });
}

/**
 * The header of a prerendered page: everything but default-src and script-src, which the page's own `<meta>`
 * policy carries with the hashes of its inline scripts (scripts/static-page-csp.ts, after `next build`). A browser
 * enforces both policies, so this one must leave scripts to the meta: with a script-src or default-src of its own,
 * the page's inline scripts would be refused whatever the meta allows.
 */
export function staticPagePolicy(production: boolean, options: PolicyOptions = {}): string {
  if (!production) return contentSecurityPolicy(production, [], options);
  const { directives } = baseDirectives(production, options);
  delete directives['default-src'];
  return serialize(directives);
}

/**
 * The headers of every answer. The policy's scripts: this origin's files only, no inline script at all; pages
 * replace it (a prerendered page's header in next.config.mjs, a rendered page's in the middleware, with a nonce).
 */
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
