// The floor plus next-intl: its stock edge middleware and a [locale] segment, nothing else.
// Built with the repo root's Next (bench/lib/build/stage-reference.ts).
// Turbopack looks for middleware in the project folder and every folder above it up to its root, so a build
// inside the repo would pick up the product's middleware.ts: the benchmark copies this folder out of the repo
// and roots Turbopack at the common ancestor of the copy and the real node_modules.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

const projectDir = fileURLToPath(new URL('.', import.meta.url));
const nextDir = realpathSync(createRequire(import.meta.url).resolve('next/package.json'));

function commonAncestor(a, b) {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join('/') || '/';
}

const withNextIntl = createNextIntlPlugin('./i18n/request.js');

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  turbopack: { root: commonAncestor(projectDir, nextDir) },
};

export default withNextIntl(nextConfig);
