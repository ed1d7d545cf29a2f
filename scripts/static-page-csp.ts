// After `next build` (npm run build): every prerendered page gets its script policy as a <meta> in its HTML, with
// the hashes of its own inline scripts, which exist only once the page is prerendered
// (docs/decisions/0013-a-script-policy-without-unsafe-inline.md). The server (next start, or Vercel's CDN, which
// takes the same files from the build folder) serves the files as they are, so the pages stay static.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildDefaultPolicy,
  prerenderedPageFiles,
  type RoutesManifest,
  withPolicyMeta,
} from '../lib/security/static-pages.ts';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const routesManifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
const defaultPolicy = buildDefaultPolicy(routesManifest as RoutesManifest);

const files = prerenderedPageFiles(distDir);
if (files.length === 0) {
  console.error(
    `No prerendered page found under ${distDir}/server/app: the script policy was written nowhere.`,
  );
  process.exit(1);
}
for (const file of files)
  writeFileSync(file, await withPolicyMeta(readFileSync(file, 'utf8'), defaultPolicy));
console.log(`✓ Script policy written into ${files.length} prerendered pages`);
