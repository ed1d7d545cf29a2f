import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/locales';
import { routeTable } from '@/lib/routes/route-table';
import { languageAlternates, localizedPath } from '@/lib/seo/alternates';
import { absoluteUrl } from '@/lib/seo/site-url';

export default function sitemap(): MetadataRoute.Sitemap {
  return routeTable
    .filter((entry) => entry.search === 'listed')
    .flatMap(({ path }) =>
      locales.map((locale) => ({
        url: absoluteUrl(localizedPath(locale, path)),
        alternates: { languages: languageAlternates(path) },
      })),
    );
}
