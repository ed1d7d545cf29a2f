import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { pageAlternates } from './alternates';

/** Namespaces of public pages, each with a `title` and a `description`. */
type PublicPageNamespace = 'SignIn' | 'SignUp' | 'ForgotPassword';

/** Title and description from `<namespace>.title` / `.description`, plus canonical and hreflang links. */
export async function publicPageMetadata(namespace: PublicPageNamespace, path: string): Promise<Metadata> {
  const t = await getTranslations(namespace);
  return {
    title: t('title'),
    description: t('description'),
    alternates: pageAlternates(await getLocale(), path),
  };
}
