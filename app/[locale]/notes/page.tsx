import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { NoteList, NoteSearch } from '@/components/notes/note-list';
import { NotesAlert } from '@/components/notes/notes-alert';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { Button } from '@/components/ui/button';
import { getPathname } from '@/i18n/navigation';
import { firstParam } from '@/lib/http/search-param';
import { listNotes } from '@/lib/notes/note-queries';
import { pageNumber, searchText } from '@/lib/notes/note-schema';
import { privatePage } from '@/lib/guard/page';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata('/notes', { title: t('title') });
}

async function NotesContent({
  locale,
  searchParams,
}: {
  locale: Locale;
  searchParams: PageProps<'/[locale]/notes'>['searchParams'];
}) {
  const t = await getTranslations('Notes');
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

export default async function NotesListPage({ searchParams }: PageProps<'/[locale]/notes'>) {
  const { locale } = await privatePage('/notes');
  const t = await getTranslations('Notes');
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
      <NotesContent locale={locale} searchParams={searchParams} />
    </NotesPage>
  );
}
