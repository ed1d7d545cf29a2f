// The post-build step's logic (scripts/static-page-csp.ts): each prerendered page's script policy, written into
// its HTML as a <meta http-equiv="Content-Security-Policy"> with the hashes of the page's own inline scripts.
// Plain module without path aliases: the step runs under Node's type stripping.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from './script-hashes.ts';

const metaPattern = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/;
// What a <meta> policy may not carry (the CSP spec ignores them there); the page's header has frame-ancestors.
const headerOnly = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

/** A prerendered route as the build's prerender-manifest.json lists it. */
export interface PrerenderedRoute {
  initialRevalidateSeconds?: number | false;
}

/** The build's routes-manifest.json, as far as its headers go. */
export interface RoutesManifest {
  headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
}

/**
 * The policy every answer gets in this build (next.config.mjs's `/:path*` entry, with the environment the build
 * saw): the meta policies start from it, so both name the same Supabase origin and analytics hosts.
 */
export function buildDefaultPolicy(manifest: RoutesManifest): string {
  const policy = manifest.headers
    .find((entry) => entry.source === '/:path*')
    ?.headers.find((header) => header.key.toLowerCase() === 'content-security-policy')?.value;
  if (!policy) throw new Error('the build has no Content-Security-Policy header for /:path*');
  return policy;
}

/**
 * A page's meta policy: the build's default policy with the hashes of exactly the page's inline scripts added to
 * script-src, and without the directives only a header may carry. Refuses a default that admits any inline script.
 */
export function metaPolicy(defaultPolicy: string, hashes: readonly string[]): string {
  const directives = defaultPolicy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name && !headerOnly.has(name));
  const scripts = directives.find(([name]) => name === 'script-src');
  if (!scripts) throw new Error('the default policy has no script-src');
  if (scripts.includes("'unsafe-inline'"))
    throw new Error("the default policy's script-src has 'unsafe-inline'");
  scripts.push(...hashes);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

const withoutPolicyMeta = (html: string) => html.replace(metaPattern, '');

/**
 * The HTML file of every prerendered page in a build folder, from its prerender-manifest.json; files (robots.txt,
 * the worker, the manifests) have no .html. Refuses routes with a revalidation period (revalidatedRoutes).
 */
export function prerenderedPageFiles(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8')) as {
    routes: Record<string, PrerenderedRoute>;
  };
  const revalidated = revalidatedRoutes(manifest.routes);
  if (revalidated.length > 0)
    throw new Error(
      `Prerendered pages with a revalidation period would lose their script policy when rendered again: ${revalidated.join(', ')}`,
    );
  return Object.keys(manifest.routes)
    .map((route) => path.join(distDir, 'server', 'app', `${route === '/' ? '/index' : route}.html`))
    .filter((file) => existsSync(file));
}

/**
 * The page with its policy as the first element of its <head>, ahead of every script and link, so nothing the
 * page loads escapes it. Run twice, the policy is replaced, not doubled.
 */
export async function withPolicyMeta(html: string, defaultPolicy: string): Promise<string> {
  const page = withoutPolicyMeta(html);
  const heads = page.match(/<head>/g)?.length ?? 0;
  if (heads !== 1) throw new Error(`expected one <head> in a prerendered page, found ${heads}`);
  // The policy holds only keywords in single quotes, hosts and base64: nothing to escape in a double-quoted attribute.
  const policy = metaPolicy(defaultPolicy, await inlineScriptHashes(page));
  return page.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy}"/>`);
}

/**
 * Routes whose HTML the server would render again later (a revalidation period): the new HTML would have no meta
 * and so no script policy, since the header of a prerendered page leaves scripts to it.
 */
export function revalidatedRoutes(routes: Record<string, PrerenderedRoute>): string[] {
  return Object.entries(routes)
    .filter(([, route]) => typeof route.initialRevalidateSeconds === 'number')
    .map(([path]) => path);
}
