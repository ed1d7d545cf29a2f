import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { signedInPageMeta } from '@/lib/layout/signed-in-page';
import { findRoute, type PagePath } from '@/lib/routes/route-table';
import { pageAlternates } from './alternates';

/**
 * A page's metadata with `robots` from its route-table entry's `search`: 'listed' pages are indexed; the others
 * say noindex, and 'disallowed' ones (private to the visitor) nofollow as well. Pages only a signed-in visitor
 * reaches (their guard redirects everyone else before anything renders) also say so to the header's CSS
 * (lib/layout/signed-in-page.ts).
 */
export function pageMetadata(path: PagePath, metadata: Metadata): Metadata {
  const entry = findRoute(path);
  const withSession: Metadata =
    entry?.access === 'signed-in' || entry?.access === 'second-factor'
      ? { ...metadata, other: { ...metadata.other, [signedInPageMeta]: 'true' } }
      : metadata;
  switch (entry?.search) {
    case 'listed':
      return withSession;
    case 'disallowed':
      return { ...withSession, robots: { index: false, follow: false } };
    default:
      return { ...withSession, robots: { index: false } };
  }
}

/** Namespaces of public pages, each with a `title` and a `description`. */
type PublicPageNamespace = 'SignIn' | 'SignUp' | 'ForgotPassword';

/** Title and description from `<namespace>.title` / `.description`, plus canonical and hreflang links. */
export async function publicPageMetadata(namespace: PublicPageNamespace, path: PagePath): Promise<Metadata> {
  const t = await getTranslations(namespace);
  return pageMetadata(path, {
    title: t('title'),
    description: t('description'),
    alternates: pageAlternates(await getLocale(), path),
  });
}
