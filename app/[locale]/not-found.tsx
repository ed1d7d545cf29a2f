import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';

// Its title comes from app/[locale]/[...rest]/page.tsx: Next ignores metadata exported here.
export default function NotFoundPage() {
  const t = useTranslations('NotFound');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p aria-hidden="true" className="text-6xl font-bold text-primary">
        404
      </p>
      <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <p className="text-muted-foreground">{t('description')}</p>
      <Button asChild>
        <Link href="/">{t('backHome')}</Link>
      </Button>
    </section>
  );
}
