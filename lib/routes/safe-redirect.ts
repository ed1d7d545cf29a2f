import { isLocale } from '@/i18n/locales';

/** Where a signed-in user goes when no (safe) destination was asked for. */
const defaultNextPath = '/account';

const maxLength = 1024;
const probeOrigin = 'http://polyglot.invalid';
// Printable ASCII only: control characters, spaces, tabs, newlines and unicode look-alikes (／, ∕, ＼) are refused.
const printableAscii = /^[\x21-\x7e]+$/;

/**
 * The same-site page (without locale prefix) a `next` value names, or null when it is not plainly one.
 * This is the one gate for every post-auth destination: the `next` parameter, the `redirect_to` sent to
 * Supabase and the callback's target.
 */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > maxLength) return null;
  if (!printableAscii.test(raw)) return null;
  // Absolute URLs, schemes, protocol-relative and backslash forms all fail here: a path starts with one '/'.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;

  const pathPart = raw.split(/[?#]/, 1)[0]!;
  // Our paths need no escapes; refusing '%' in the path stops %2f/%5c/%2e and double-encoded variants.
  if (pathPart.includes('%')) return null;
  const segments = pathPart.split('/');
  // '..', '.host' and other dot segments never name one of our pages.
  if (segments.some((segment) => segment.startsWith('.'))) return null;

  let url: URL;
  try {
    url = new URL(raw, probeOrigin);
  } catch {
    // Unparseable even against our probe origin: not a path of ours.
    return null;
  }
  if (url.origin !== probeOrigin) return null;

  const [, first = '', ...rest] = segments;
  const unprefixed = isLocale(first) ? `/${rest.join('/')}` : pathPart;
  // API routes and Next internals are not pages to land on.
  if (/^\/(api|_next|_vercel)(\/|$)/.test(unprefixed)) return null;
  return `${unprefixed}${url.search}${url.hash}`;
}

/** The page a `next` value names (without locale prefix), or the account page when it names none safely. */
export function nextPath(raw: unknown): string {
  return sameSitePath(raw) ?? defaultNextPath;
}

// GoTrue's `.RedirectTo` as our templates pass it on; longer than a path because it nests our confirm URL.
const maxEmailedLength = 4096;

/**
 * The page an emailed link's `next` names, or null. Our templates send GoTrue's `.RedirectTo` there: the
 * `/auth/confirm?next=…` URL the app asked for, the page a browser request came from (its Referer), or bare
 * `site_url` when GoTrue fell back to it (no redirect asked for, or one outside its allow-list). Only URLs on
 * `siteOrigin` count, our own confirm URL stands for the `next` it carries, and the site's home names no page.
 * A plain path (links mailed before the templates carried a URL) is read as `sameSitePath` reads it.
 */
export function emailedNextPath(raw: unknown, siteOrigin: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > maxEmailedLength) return null;
  if (raw.startsWith('/')) return sameSitePath(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Neither a path nor a URL: names nothing.
    return null;
  }
  if (url.origin !== siteOrigin) return null;
  const path = sameSitePath(`${url.pathname}${url.search}${url.hash}`);
  if (path === null || path === '/') return null;
  if (new URL(path, probeOrigin).pathname === '/auth/confirm')
    return sameSitePath(url.searchParams.get('next'));
  return path;
}
