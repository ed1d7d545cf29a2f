function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    // decodeURIComponent throws exactly for the malformed escapes this module exists to catch.
    return false;
  }
}

/**
 * The path with every segment that is not valid percent-encoded UTF-8 made literal: `/en/%ff` → `/en/%25ff`.
 * Next.js answers an undecodable path with a bare 500 in an app without a Pages Router (its 400 page needs
 * `pages/_error`), even after a middleware rewrite, so the middleware redirects to this readable form, which
 * then gets the usual localized 404. Leading slashes collapse to one, so the result can never be read as
 * another host (`//%ff/evil.example`).
 */
export function readablePath(pathname: string): string {
  if (!pathname.includes('%') || decodes(pathname)) return pathname;
  return pathname
    .replace(/^[/\\]+/, '/')
    .split('/')
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll('%', '%25')))
    .join('/');
}
