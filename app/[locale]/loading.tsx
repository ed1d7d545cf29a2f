import { useTranslations } from 'next-intl';

export default function Loading() {
  const t = useTranslations('Loading');
  return (
    <div role="status" className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-24 sm:px-6">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-primary border-e-transparent" />
      <span className="text-muted-foreground">{t('label')}</span>
    </div>
  );
}
