import type { AuthConfig } from '../config/config.ts';

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

const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** GoTrue's IsRedirectURLValid: same host+scheme as site_url (any port on localhost), loopback IPs, or the allow-list. */
export function isRedirectAllowed(config: AuthConfig, patterns: RegExp[], candidate: string): boolean {
  if (!candidate) return false;
  let site: URL;
  let target: URL;
  try {
    site = new URL(config.siteUrl);
    target = new URL(candidate);
  } catch {
    // An unparsable site_url or candidate is never a trusted target.
    return false;
  }
  if (site.hostname === target.hostname && site.protocol === target.protocol && (site.port === target.port || LOCALHOSTS.has(target.hostname))) {
    return true;
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (/^\d+$/.test(host)) return false;
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host.startsWith('127.') || host === '::1';
  const withoutFragment = candidate.split('#')[0]!;
  return patterns.some((p) => p.test(withoutFragment));
}

/** GoTrue's GetReferrer: redirect_to (header, then query), then Referer, else site_url. */
export function resolveRedirect(config: AuthConfig, patterns: RegExp[], candidates: (string | undefined)[]): string {
  for (const c of candidates) if (c && isRedirectAllowed(config, patterns, c)) return c;
  return config.siteUrl;
}

