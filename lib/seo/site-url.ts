/** The public origin used for absolute URLs (canonical, hreflang, sitemap, manifest). */
export const siteUrl = new URL(process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000');

export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl).toString();
}
