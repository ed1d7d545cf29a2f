// After `next build` (npm run build): every prerendered page gets its script policy as a <meta> in its HTML, with
// the hashes of its own inline scripts, which exist only once the page is prerendered
// (docs/decisions/0013-a-script-policy-without-unsafe-inline.md). The server (next start, or Vercel's CDN, which
// takes the same files from the build folder) serves the files as they are, so the pages stay static.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildDefaultPolicy,
  type PrerenderedRoute,
  revalidatedRoutes,
  type RoutesManifest,
  withPolicyMeta,
} from '../lib/security/static-pages.ts';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const readJson = (name: string): unknown => JSON.parse(readFileSync(path.join(distDir, name), 'utf8'));
const manifest = readJson('prerender-manifest.json') as { routes: Record<string, PrerenderedRoute> };
const defaultPolicy = buildDefaultPolicy(readJson('routes-manifest.json') as RoutesManifest);

const revalidated = revalidatedRoutes(manifest.routes);
if (revalidated.length > 0) {
  console.error(
    `Prerendered pages with a revalidation period would lose their script policy when rendered again: ${revalidated.join(', ')}`,
  );
  process.exit(1);
}

let pages = 0;
for (const route of Object.keys(manifest.routes)) {
  // Files (robots.txt, the worker, the manifests) are no HTML; only pages have a .html file.
  const file = path.join(distDir, 'server', 'app', `${route === '/' ? '/index' : route}.html`);
  if (!existsSync(file)) continue;
  writeFileSync(file, await withPolicyMeta(readFileSync(file, 'utf8'), defaultPolicy));
  pages += 1;
}
if (pages === 0) {
  console.error(
    `No prerendered page found under ${distDir}/server/app: the script policy was written nowhere.`,
  );
  process.exit(1);
}
console.log(`✓ Script policy written into ${pages} prerendered pages`);
