import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { SessionUnconfirmed } from '@/components/auth/session-unconfirmed';
import { Link } from '@/components/navigation/link';
import { NoteList, NoteSearch } from '@/components/notes/note-list';
import { NotesAlert } from '@/components/notes/notes-alert';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { Button } from '@/components/ui/button';
import { getPathname } from '@/i18n/navigation';
import { guardPage } from '@/lib/auth/page-guard';
import { firstParam } from '@/lib/http/search-param';
import { listNotes } from '@/lib/notes/note-queries';
import { pageNumber, searchText } from '@/lib/notes/note-schema';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { sessionUnconfirmed } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata('/notes', { title: t('title') });
}

async function NotesContent({
  searchParams,
}: {
  searchParams: PageProps<'/[locale]/notes'>['searchParams'];
}) {
  const locale = await getLocale();
  const t = await getTranslations('Notes');
  const session = await guardPage('/notes', locale);
  if (session === sessionUnconfirmed) return <SessionUnconfirmed />;
  const params = await searchParams;
  const page = pageNumber(firstParam(params.page));
  const search = searchText(firstParam(params.q));
  const list = await listNotes(getPathname({ href: '/notes', locale }), page, search);
  if (list.status === 'past-end') notFound();
  return (
    <NotesMessages>
      {firstParam(params.deleted) === '1' ? <NotesAlert text={t('deleted')} /> : null}
      <NoteSearch locale={locale} search={search} />
      {list.status === 'unavailable' ? (
        <NotesAlert text={t('unavailable')} failed />
      ) : (
        <NoteList notes={list.notes} total={list.total} page={page} pages={list.pages} search={search} />
      )}
    </NotesMessages>
  );
}

export default function NotesListPage({ searchParams }: PageProps<'/[locale]/notes'>) {
  const t = useTranslations('Notes');
  return (
    <NotesPage>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('description')}</p>
        </div>
        <Button asChild>
          <Link href="/notes/new">{t('newNote')}</Link>
        </Button>
      </div>
      <NotesContent searchParams={searchParams} />
    </NotesPage>
  );
}
