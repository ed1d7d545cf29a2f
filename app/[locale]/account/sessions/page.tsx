import type { Metadata } from 'next';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { SessionList } from '@/components/account/session-list';
import { Link } from '@/components/navigation/link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { getPathname } from '@/i18n/navigation';
import { pickMessages } from '@/i18n/messages';
import { listSessions } from '@/lib/account-sessions/session-queries';
import { firstParam, ownEntry } from '@/lib/http/search-param';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { privatePage } from '@/lib/guard/page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Sessions');
  return pageMetadata('/account/sessions', { title: t('title') });
}

/** What the last action did (`?status=`), as the session actions answer. */
const statusMessages = {
  ended: 'ended',
  'ended-others': 'endedOthers',
  'already-ended': 'alreadyEnded',
  failed: 'endFailed',
} as const;

async function SessionsContent({
  searchParams,
}: {
  searchParams: PageProps<'/[locale]/account/sessions'>['searchParams'];
}) {
  const { locale } = await privatePage('/account/sessions');
  const t = await getTranslations('Sessions');
  const status = ownEntry(statusMessages, firstParam((await searchParams).status));
  const failed = status === 'endFailed';
  const list = await listSessions(getPathname({ href: '/account/sessions', locale }));
  // The submit buttons show their pending state with AuthForm's words.
  const messages = pickMessages(await getMessages(), ['AuthForm']);
  return (
    <NextIntlClientProvider messages={messages}>
      {status ? (
        <Alert role={failed ? 'alert' : 'status'} variant={failed ? 'destructive' : 'default'}>
          <AlertDescription className={failed ? undefined : 'text-foreground'}>{t(status)}</AlertDescription>
        </Alert>
      ) : null}
      {list.status === 'ok' ? (
        <SessionList sessions={list.sessions} locale={locale} />
      ) : (
        <Alert role="alert" variant="destructive">
          <AlertDescription>{t('unavailable')}</AlertDescription>
        </Alert>
      )}
    </NextIntlClientProvider>
  );
}

// "Your sessions" (ASVS 7.5.2): a page of its own rather than a section of the account page, which is long already
// and holds one-click sign-out buttons; here each session has its details and its own button.
export default function SessionsPage({ searchParams }: PageProps<'/[locale]/account/sessions'>) {
  const t = useTranslations('Sessions');
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-12">
      <div className="grid gap-2">
        <Link href="/account" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          {t('backToAccount')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      <SessionsContent searchParams={searchParams} />
    </div>
  );
}
