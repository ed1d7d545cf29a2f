import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  path: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  scripts: number;
  stylesheets: number;
  /** Every referenced file with its gzip size, largest first: where to look when the total grows. */
  files: { src: string; gzipBytes: number }[];
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * `<script src>` and `<link rel=stylesheet href>` the HTML references (the browser's first load, before any
 * navigation). `nomodule` scripts are left out: browsers with ES modules never download them (Next's polyfills).
 */
export function referencedAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)]
    .filter((m) => !/\snomodule\b/i.test(m[0]))
    .map((m) => attribute(m[0], 'src'))
    .filter((s): s is string => !!s);
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .filter((m) => /^stylesheet$/i.test(attribute(m[0], 'rel') ?? ''))
    .map((m) => attribute(m[0], 'href'))
    .filter((s): s is string => !!s);
  const unique = (list: string[]) => [...new Set(list.map((s) => s.replaceAll('&amp;', '&')))];
  return { scripts: unique(scripts), stylesheets: unique(stylesheets) };
}

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** First-load JS and CSS of one page: every referenced script and stylesheet, gzipped with zlib, summed. */
export async function measureFirstLoad(baseUrl: string, path: string): Promise<FirstLoad> {
  const response = await fetch(new URL(path, baseUrl), { redirect: 'manual' });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}; cannot read its first load`);
  const { scripts, stylesheets } = referencedAssets(await response.text());
  const sized = async (list: string[]) =>
    Promise.all(list.map(async (src) => ({ src, gzipBytes: await gzipSize(new URL(src, baseUrl).href) })));
  const js = await sized(scripts);
  const css = await sized(stylesheets);
  const total = (files: { gzipBytes: number }[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return {
    path,
    jsGzipBytes: total(js),
    cssGzipBytes: total(css),
    scripts: scripts.length,
    stylesheets: stylesheets.length,
    files: [...js, ...css].sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
