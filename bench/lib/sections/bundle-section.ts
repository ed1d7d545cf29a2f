import { measureFirstLoad } from '../bundle/first-load.ts';
import { scanBrowserChunks } from '../bundle/supabase-in-browser.ts';
import { productDistDir } from '../paths.ts';
import { floorUrl, productUrl } from '../ports.ts';
import type { BenchResults } from '../report/results.ts';

export const BUNDLE_PAGES = ['/en', '/en/sign-in'];

/**
 * First-load JS/CSS of home and sign-in (and of the floor, when it runs: what Next and React alone ship), and
 * the Supabase-in-the-browser check over every browser chunk.
 */
export async function bundleSection(floorRunning: boolean): Promise<NonNullable<BenchResults['bundle']>> {
  const pages = [];
  for (const path of BUNDLE_PAGES) pages.push(await measureFirstLoad(productUrl, path));
  const floor = floorRunning ? await measureFirstLoad(floorUrl, '/') : undefined;
  return { pages, floor, browserChunks: await scanBrowserChunks(productDistDir) };
}
