import type { MetadataRoute } from 'next';
import { routeTable } from '@/lib/routes/route-table';
import { absoluteUrl } from '@/lib/seo/site-url';

export default function robots(): MetadataRoute.Robots {
  // Routes marked 'disallowed' in every language (`*` stands for the locale); robots rules match by prefix.
  const disallowed = routeTable
    .filter((entry) => entry.search === 'disallowed')
    .map((entry) => `/*${entry.path}`);
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', ...disallowed] },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
