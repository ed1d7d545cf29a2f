import { env } from '@/lib/env/env';

/** The public origin used for absolute URLs (canonical, hreflang, sitemap, manifest). */
export const siteUrl = env.siteUrl;

export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).toString();
}
