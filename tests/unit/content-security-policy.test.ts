import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NextConfig } from 'next';
import { afterAll, describe, expect, it } from 'vitest';
import { locales } from '@/i18n/locales';
import { contentSecurityPolicy, staticPagePolicy } from '@/lib/http/security-headers';
import { layoutScripts, renderedPagePolicy, rendersPerRequest } from '@/lib/security/csp';
import { inlineScriptHashes, inlineScripts } from '@/lib/security/script-hashes';
import { metaPolicy, revalidatedRoutes, withPolicyMeta } from '@/lib/security/static-pages';
import { routeTable } from '@/lib/routes/route-table';

const nextConfigFile = '@/next.config.mjs';
const { default: nextConfig } = (await import(/* @vite-ignore */ nextConfigFile)) as { default: NextConfig };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((each) => each.trim().split(' '))
    .find(([each]) => each === name)
    ?.slice(1);

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const flight = 'self.__next_f.push([1,"0:\\"<b>ünïcode</b>\\""])';
const ours = 'document.documentElement.dataset.x="1"';
const sample = page(
  '<meta charSet="utf-8"/><script src="/_next/static/chunks/a.js" async=""></script>',
  `<script>${ours}</script><script id="_R_">${flight}</script><script src="/b.js"></script><script>${ours}</script>`,
);
const buildDefault = contentSecurityPolicy(true, [], { supabaseUrl: 'https://project.supabase.co' });

describe('the script policy of every answer', () => {
  it('admits no inline script in production: no unsafe-inline, no hash, no nonce', () => {
    expect(directive(buildDefault, 'script-src')).toEqual(["'self'"]);
    expect(directive(buildDefault, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(buildDefault, 'script-src-attr')).toEqual(["'none'"]);
  });

  it('a prerendered page’s header leaves scripts to its meta policy: no script-src, no default-src', () => {
    const policy = staticPagePolicy(true);
    expect(directive(policy, 'script-src')).toBeUndefined();
    expect(directive(policy, 'default-src')).toBeUndefined();
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  });

  it('next.config gives exactly the prerendered routes, in every language, the header without scripts', async () => {
    const entries = await nextConfig.headers!();
    const csp = (source: string) =>
      entries
        .filter((entry) => entry.source === source)
        .flatMap((entry) => entry.headers)
        .filter((header) => header.key === 'Content-Security-Policy')
        .at(-1)?.value;
    expect(directive(csp('/:path*')!, 'script-src')).toBeDefined();
    for (const locale of locales) {
      for (const entry of routeTable) {
        const source = `/${locale}${entry.path === '/' ? '' : entry.path}`;
        if (entry.caching === 'static') expect(csp(source), source).toBe(staticPagePolicy(false));
        else expect(csp(source), source).toBeUndefined();
      }
    }
    // Literal paths: Next would compile the header values of a source with parameters on every request.
    expect(entries.filter((entry) => entry.source !== '/:path*' && entry.source.includes(':'))).toEqual(
      entries.filter((entry) => entry.source.startsWith('/serwist/')),
    );
  });
});

describe('pages rendered per request', () => {
  it('get a fresh nonce, strict-dynamic and the hashes of the layout’s own scripts, never unsafe-inline', async () => {
    const first = directive(await renderedPagePolicy(true), 'script-src')!;
    const second = directive(await renderedPagePolicy(true), 'script-src')!;
    expect(first).not.toContain("'unsafe-inline'");
    expect(first).toContain("'strict-dynamic'");
    for (const script of layoutScripts) expect(first).toContain(sha256(script));
    const nonce = (sources: string[]) => sources.find((source) => source.startsWith("'nonce-"));
    expect(nonce(first)).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(nonce(first)).not.toBe(nonce(second));
  });

  it('are every route but the prerendered ones, and paths of no route (the 404)', () => {
    for (const locale of locales) {
      for (const entry of routeTable.filter((each) => !each.path.includes('['))) {
        const url = `/${locale}${entry.path === '/' ? '' : entry.path}`;
        expect(rendersPerRequest(url), url).toBe(entry.caching !== 'static');
      }
      expect(rendersPerRequest(`/${locale}/no-such-page`)).toBe(true);
      expect(rendersPerRequest(`/${locale}/notes/123`)).toBe(true);
    }
  });
});

describe('prerendered pages’ meta policy (the post-build step)', () => {
  it('finds exactly the inline scripts, as the browser hashes them (UTF-8, raw text)', async () => {
    expect(inlineScripts(sample)).toEqual([ours, flight, ours]);
    expect(await inlineScriptHashes(sample)).toEqual([sha256(ours), sha256(flight)]);
  });

  it('adds the page’s hashes to the build’s default policy and drops what only a header may carry', () => {
    const policy = metaPolicy(buildDefault, [sha256(ours)]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", sha256(ours)]);
    expect(directive(policy, 'frame-ancestors')).toBeUndefined();
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toContain('https://project.supabase.co');
  });

  it('refuses a default policy that admits inline scripts, or has no script-src', () => {
    expect(() => metaPolicy("default-src 'self'; script-src 'self' 'unsafe-inline'", [])).toThrow(
      /unsafe-inline/,
    );
    expect(() => metaPolicy("default-src 'self'", [])).toThrow(/script-src/);
  });

  it('writes the policy as the first element of <head>, once, however often it runs', async () => {
    const once = await withPolicyMeta(sample, buildDefault);
    expect(once).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" /);
    expect(await withPolicyMeta(once, buildDefault)).toBe(once);
    const policy = once.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)![1]!;
    expect(directive(policy, 'script-src')).toEqual(["'self'", sha256(ours), sha256(flight)]);
    await expect(withPolicyMeta('<html><body></body></html>', buildDefault)).rejects.toThrow(/<head>/);
  });

  it('refuses pages the server would render again (a revalidation period): they would lose the meta', () => {
    expect(
      revalidatedRoutes({
        '/en': { initialRevalidateSeconds: false },
        '/blog': { initialRevalidateSeconds: 60 },
      }),
    ).toEqual(['/blog']);
  });

  describe('scripts/static-page-csp.ts on a build folder', () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'static-page-csp-'));
    afterAll(() => rmSync(distDir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
      writeFileSync(path.join(distDir, file), text);
    };
    const run = () =>
      execFileSync(process.execPath, ['scripts/static-page-csp.ts'], {
        env: { ...process.env, NEXT_DIST_DIR: distDir },
        stdio: 'pipe',
      }).toString();

    it('writes each prerendered page’s policy and leaves files that are no pages alone', () => {
      write(
        'routes-manifest.json',
        JSON.stringify({
          headers: [
            { source: '/:path*', headers: [{ key: 'Content-Security-Policy', value: buildDefault }] },
          ],
        }),
      );
      write(
        'prerender-manifest.json',
        JSON.stringify({
          routes: {
            '/en': { initialRevalidateSeconds: false },
            '/en/sign-in': { initialRevalidateSeconds: false },
            '/robots.txt': { initialRevalidateSeconds: false },
          },
        }),
      );
      write('server/app/en.html', sample);
      write('server/app/en/sign-in.html', page('', `<script>${ours}</script>`));
      write('server/app/robots.txt.body', 'User-agent: *');
      expect(run()).toContain('2 prerendered pages');
      const home = readFileSync(path.join(distDir, 'server/app/en.html'), 'utf8');
      expect(home).toContain(`script-src 'self' ${sha256(ours)} ${sha256(flight)};`);
      const signIn = readFileSync(path.join(distDir, 'server/app/en/sign-in.html'), 'utf8');
      expect(signIn).toContain(`script-src 'self' ${sha256(ours)};`);
      expect(readFileSync(path.join(distDir, 'server/app/robots.txt.body'), 'utf8')).toBe('User-agent: *');
    });

    it('fails the build when the default policy admits inline scripts', () => {
      write(
        'routes-manifest.json',
        JSON.stringify({
          headers: [
            {
              source: '/:path*',
              headers: [{ key: 'Content-Security-Policy', value: "script-src 'self' 'unsafe-inline'" }],
            },
          ],
        }),
      );
      expect(run).toThrow();
    });
  });
});
