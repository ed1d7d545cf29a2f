import type { MetadataRoute } from 'next';
import { routeTable } from '@/lib/routes/route-table';
import { absoluteUrl } from '@/lib/seo/site-url';

export default function robots(): MetadataRoute.Robots {
  // Routes marked 'disallowed' in every language (`*` stands for the locale); robots rules match by prefix, so an
  // entry below a disallowed subtree (`/notes/[id]` under `/notes`) needs no line of its own.
  const disallowed = routeTable
    .filter((entry) => entry.search === 'disallowed')
    .filter(
      (entry) =>
        !routeTable.some(
          (other) =>
            'subtree' in other && other.search === 'disallowed' && entry.path.startsWith(`${other.path}/`),
        ),
    )
    // A dynamic entry (`/invitations/[token]`) is disallowed up to its first parameter, which matches every value.
    .map((entry) => `/*${entry.path.replace(/\[\w+\].*$/, '')}`);
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', ...disallowed] },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
