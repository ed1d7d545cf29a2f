import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { routing } from '../../i18n/routing.js';

export const metadata = { title: 'Intl floor' };

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export default async function LocaleLayout({ children, params }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
