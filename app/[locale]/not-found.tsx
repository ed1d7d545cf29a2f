import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';

// A page's own notFound() (a notes page past the end, a note deleted between the middleware's check and the read):
// status 404, drawn by the browser, since Next leaves the server HTML empty (lib/routes/not-found.ts). Every 404
// foreseen before rendering is app/global-not-found.tsx, whole from the server.
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
