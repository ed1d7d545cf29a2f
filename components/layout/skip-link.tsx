import { useTranslations } from 'next-intl';

export function SkipLink() {
  const t = useTranslations('Header');
  // not-sr-only resets the padding to 0, so the focused link states its own again.
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:px-4 focus:py-2"
    >
      {t('skipToContent')}
    </a>
  );
}
