import { ArrowRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Link } from '@/components/navigation/link';

export function Hero() {
  const t = useTranslations('Home');
  const notes = useTranslations('Notes'); // example:notes
  return (
    <section className="border-b bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
        <p className="rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground">
          {t('eyebrow')}
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('title')}</h1>
        <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{t('lead')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link href="/sign-up">
              {t('primaryCta')}
              <ArrowRight aria-hidden="true" className="rtl:rotate-180" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/sign-in">{t('secondaryCta')}</Link>
          </Button>
          {/* example:notes start */}
          {/* The page is static and shared: the session hint shows this link to signed-in visitors only. */}
          <Button asChild size="lg" variant="secondary" className="hidden signed-in:inline-flex">
            <Link href="/notes">{notes('homeLink')}</Link>
          </Button>
          {/* example:notes end */}
        </div>
      </div>
    </section>
  );
}
