// The CSP hashes of inline scripts. Plain module without path aliases, Web Crypto only: the edge middleware, the
// post-build step (scripts/static-page-csp.ts, under Node's type stripping) and the tests read it.

/** `'sha256-…'`, the source expression that allows an inline script whose text is exactly `text`. */
export async function scriptHashSource(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

// A script element and its text: HTML parses a script's content as raw text up to the first `</script`, so the
// bytes between the tags are what the browser hashes.
const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The text of every inline script (no `src`) in a page's HTML, in document order. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attributes, text] of html.matchAll(scriptElement)) {
    if (!/(?:^|\s)src\s*=/i.test(attributes!)) found.push(text!);
  }
  return found;
}

/** The distinct hash sources of a page's inline scripts, in document order. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  return [...new Set(await Promise.all(inlineScripts(html).map(scriptHashSource)))];
}
