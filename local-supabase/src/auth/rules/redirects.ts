import { isIPv6 } from 'node:net';
import type { AuthConfig } from '../../config/config.ts';

/**
 * Where tokens may be sent (GoTrue's IsRedirectURLValid and GetReferrer), hardened: a redirect_to is parsed and
 * normalised the way a browser will read it before anything is matched, and the normalised form is what is used.
 * Anything a browser would rewrite (backslashes, tabs and newlines, non-ASCII or percent-encoded host characters,
 * userinfo) is refused rather than guessed at, so the host that was checked is the host the browser visits.
 */

/** A redirect target as a browser will see it. `origin` is scheme://host[:port]; `rest` is path and query. */
export interface RedirectUrl {
  scheme: string;
  /** Lowercase; IPv6 literals in brackets, canonical. */
  host: string;
  /** Without the scheme's default port. */
  port: string;
  origin: string;
  rest: string;
  href: string;
}

/** Schemes that run or read something instead of navigating. */
const REFUSED_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);
const DEFAULT_PORTS = new Map([
  ['http', '80'],
  ['https', '443'],
]);
const DOTTED_QUAD = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_NAME = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

/** The normalised host, or undefined when a browser could read it differently. */
function normaliseHost(raw: string): string | undefined {
  if (raw.startsWith('[')) {
    const inner = raw.slice(1, -1);
    // No zone IDs (`%25eth0`): Node accepts them, browsers do not.
    if (!raw.endsWith(']') || !/^[0-9a-f:.]+$/i.test(inner) || !isIPv6(inner)) return undefined;
    const canonical = new URL(`http://${raw}/`).hostname;
    // IPv4-mapped IPv6 (::ffff:127.0.0.1, which the URL parser writes ::ffff:7f00:1) is the IPv4 address: matched
    // and redirected to as such, so no list entry can be reached under another spelling.
    const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(canonical);
    if (!mapped) return canonical;
    const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  const host = raw.toLowerCase();
  if (!HOST_NAME.test(host) || host.includes('..')) return undefined;
  // A browser reads a host whose last label is numeric as an IPv4 address (127.1, 0x7f.1, 2130706433): only the
  // canonical dotted quad is accepted, so the address checked is the address visited.
  const last = host.slice(host.lastIndexOf('.') + 1);
  if (/^(\d+|0x[0-9a-f]*)$/.test(last) && !DOTTED_QUAD.test(host)) return undefined;
  return host;
}

/** Percent-encodes what a browser would (spaces, quotes, angle brackets, non-ASCII); undefined for a bad escape. */
function encodePart(part: string): string | undefined {
  if (/%(?![0-9a-fA-F]{2})/.test(part)) return undefined;
  return part.replace(/[\s"'<>`{}]|[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

/** RFC 3986 remove_dot_segments, with %2e read as "." as browsers do. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const dots = segment.replace(/%2e/gi, '.');
    const last = i === segments.length - 1;
    if (dots === '.') {
      if (last) out.push('');
    } else if (dots === '..') {
      out.pop();
      if (last) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

/** Parses an absolute `scheme://host[:port]/path?query#fragment`; undefined for anything else or anything ambiguous. */
export function parseRedirectUrl(raw: string): RedirectUrl | undefined {
  // Controls (tab, CR, LF are stripped by browsers), DEL, backslashes (read as "/") and broken UTF-16.
  if (!raw.isWellFormed() || /[\x00-\x1f\x7f\\]/.test(raw)) return undefined;
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/su.exec(raw);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  if (REFUSED_SCHEMES.has(scheme)) return undefined;
  // Userinfo (`a@b`) is refused outright: the part before "@" is what people read, the part after is the host.
  const authority = /^(\[[^\]]*\]|[^:@[\]]*)(?::(\d{1,5}))?$/.exec(m[2]!);
  if (!authority) return undefined;
  const host = normaliseHost(authority[1]!);
  if (!host) return undefined;
  let port = authority[2] === undefined ? '' : String(Number(authority[2]));
  if (Number(port) > 65535) return undefined;
  if (DEFAULT_PORTS.get(scheme) === port) port = '';
  const special = DEFAULT_PORTS.has(scheme);
  const rawPath = m[3]! === '' && special ? '/' : m[3]!;
  const path = encodePart(rawPath.startsWith('/') ? removeDotSegments(rawPath) : rawPath);
  const query = encodePart(m[4] ?? '');
  const fragment = encodePart(m[5] ?? '');
  if (path === undefined || query === undefined || fragment === undefined) return undefined;
  const origin = `${scheme}://${host}${port ? `:${port}` : ''}`;
  const rest = `${path}${query}`;
  return { scheme, host, port, origin, rest, href: `${origin}${rest}${fragment}` };
}

/** An additional_redirect_urls entry: GoTrue's glob, split so that the origin part only ever matches the origin. */
export interface RedirectPattern {
  /** The entry's scheme when it is written out (no glob characters): the only way to allow a scheme but http(s). */
  scheme: string | undefined;
  /** Undefined for an entry without "://", matched against the whole URL. */
  origin: RegExp | undefined;
  rest: RegExp;
}

/**
 * gobwas/glob with separators '.' and '/', as GoTrue compiles URI_ALLOW_LIST entries: `*` matches within one
 * segment, `**` across segments, `?` one non-separator character, `{a,b}` alternatives, `[abc]`/`[!abc]` classes.
 */
export function globToRegExp(pattern: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^./]*';
    else if (c === '?') re += '[^./]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) re += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        re += body.startsWith('!') ? `[^${escapeClass(body.slice(1))}]` : `[${escapeClass(body)}]`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < pattern.length) re += escapeChar(pattern[++i]!);
    else re += escapeChar(c);
  }
  return new RegExp(`^${re}$`);
}

const escapeChar = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const escapeClass = (s: string) => s.replace(/[\]\\^]/g, '\\$&');

/**
 * Compiles an allow-list entry. The origin part (up to the first "/" after "://") is lowercased, as hosts are; an
 * entry without a path allows the root. An entry without "://" is matched against the whole normalised URL.
 */
export function compileRedirectPattern(pattern: string): RedirectPattern {
  const start = pattern.indexOf('://');
  if (start === -1) return { scheme: undefined, origin: undefined, rest: globToRegExp(pattern) };
  const slash = pattern.indexOf('/', start + 3);
  const origin = slash === -1 ? pattern : pattern.slice(0, slash);
  const scheme = pattern.slice(0, start).toLowerCase();
  return {
    scheme: /^[a-z][a-z0-9+.-]*$/.test(scheme) ? scheme : undefined,
    origin: globToRegExp(origin.toLowerCase()),
    rest: globToRegExp(slash === -1 ? '/' : pattern.slice(slash)),
  };
}

function matches(pattern: RedirectPattern, url: RedirectUrl): boolean {
  // http and https by any matching entry; another scheme only by an entry that names it.
  if (url.scheme !== 'http' && url.scheme !== 'https' && pattern.scheme !== url.scheme) return false;
  if (!pattern.origin) return pattern.rest.test(`${url.origin}${url.rest}`);
  return pattern.origin.test(url.origin) && pattern.rest.test(url.rest);
}

/** GoTrue's isLocalhost (utilities/url_validator.go): a site_url on these hosts allows any port. */
const isLocalhost = (host: string) =>
  ['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'].includes(host) || host.endsWith('.localhost');

/** Loopback IP literals (127.0.0.0/8, ::1; IPv4-mapped ones arrive here as IPv4). */
const isLoopbackIp = (host: string) => /^127\./.test(host) || host === '[::1]';

const isIpLiteral = (host: string) => host.startsWith('[') || DOTTED_QUAD.test(host);

/**
 * GoTrue's IsRedirectURLValid on the normalised URL: the site_url's scheme and host (any port when that host is
 * localhost or loopback, RFC 8252), else an allow-list entry (http and https, or a scheme the entry names). IP
 * literals other than loopback are refused, as GoTrue does. Stricter than GoTrue: it accepts every loopback IP
 * literal on any scheme and port without the list; here they need an entry like any other host (local-supabase/README.md,
 * Redirects). Returns the normalised URL to redirect to.
 */
export function allowedRedirect(
  config: AuthConfig,
  patterns: readonly RedirectPattern[],
  candidate: string,
): string | undefined {
  const target = parseRedirectUrl(candidate);
  if (!target) return undefined;
  const site = parseRedirectUrl(config.siteUrl);
  if (
    site &&
    site.scheme === target.scheme &&
    site.host === target.host &&
    (site.port === target.port || isLocalhost(target.host))
  ) {
    return target.href;
  }
  if (isIpLiteral(target.host) && !isLoopbackIp(target.host)) return undefined;
  return patterns.some((p) => matches(p, target)) ? target.href : undefined;
}

/**
 * Whether a browser Origin is the app's: site_url's origin or the origin part of an additional_redirect_urls
 * entry. Loopback literals are not included: this guards reading, not landing.
 */
export function isAppOrigin(
  config: AuthConfig,
  patterns: readonly RedirectPattern[],
  origin: string,
): boolean {
  const url = parseRedirectUrl(origin);
  if (!url || url.rest !== '/' || origin.replace(/\/$/, '').toLowerCase() !== url.origin) return false;
  return (
    parseRedirectUrl(config.siteUrl)?.origin === url.origin ||
    patterns.some((p) => p.origin?.test(url.origin))
  );
}

/** GoTrue's GetReferrer: the first allowed candidate (redirect_to header, then query, then Referer), else site_url. */
export function resolveRedirect(
  config: AuthConfig,
  patterns: readonly RedirectPattern[],
  candidates: (string | undefined)[],
): string {
  for (const c of candidates) {
    const allowed = c ? allowedRedirect(config, patterns, c) : undefined;
    if (allowed) return allowed;
  }
  return config.siteUrl;
}
