import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/locales';
import { languageAlternates, localizedPath } from '@/lib/seo/alternates';
import { absoluteUrl } from '@/lib/seo/site-url';
import { publicPaths } from '@/lib/seo/public-paths';

export default function sitemap(): MetadataRoute.Sitemap {
  return publicPaths.flatMap((path) =>
    locales.map((locale) => ({
      url: absoluteUrl(localizedPath(locale, path)),
      alternates: { languages: languageAlternates(path) },
    })),
  );
}
