'use client';

import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { Link } from '@/components/navigation/link';

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Error');
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
    >
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="text-muted-foreground">{t('description')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* Classes only, not <Button>: every page loads this boundary, and Button brings tailwind-merge. */}
        <button type="button" onClick={reset} className={buttonVariants()}>
          {t('retry')}
        </button>
        <Link href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('backHome')}
        </Link>
      </div>
    </section>
  );
}
