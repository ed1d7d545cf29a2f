import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { Button } from '@/components/ui/button';
import { NoteList, NoteSearch } from '@/components/notes/note-list';
import { NotesAlert } from '@/components/notes/notes-alert';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { getPathname } from '@/i18n/navigation';
import { privatePage } from '@/lib/guard/page';
import { firstParam } from '@/lib/http/search-param';
import { listNotes } from '@/lib/notes/note-queries';
import { pageNumber, searchText } from '@/lib/notes/note-schema';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { readTeamRow } from '@/lib/teams/team-queries';

// A team's notes (the notes example on the teams foundation): the list, paging and search as the personal list
// has them, and a link to add one (/teams/<slug>/notes/new). Row-level security shows them to the team's members only; the middleware
// answers 404 for a team the visitor is not in (the route table's `row`).

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/teams/[slug]/notes'>): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata(`/teams/${(await params).slug}/notes`, { title: t('teamTitle') });
}

export default async function TeamNotesPage({
  params,
  searchParams,
}: PageProps<'/[locale]/teams/[slug]/notes'>) {
  const { slug } = await params;
  const base = `/teams/${slug}/notes` as const;
  const { locale } = await privatePage(`/teams/${slug}/notes`);
  const t = await getTranslations('Notes');
  const path = getPathname({ href: base, locale });
  // Usually the row the middleware read for its 404, handed over: no second read.
  const read = await readTeamRow(path, base, slug);
  if (read.status === 'missing') notFound();
  const team = read.status === 'ok' ? read.team : null;
  const query = await searchParams;
  const page = pageNumber(firstParam(query.page));
  const search = searchText(firstParam(query.q));
  const list = team ? await listNotes(path, page, search, team.id) : ({ status: 'unavailable' } as const);
  if (list.status === 'past-end') notFound();
  return (
    <NotesPage>
      <Link href={`/teams/${slug}`} className="text-sm underline-offset-4 hover:underline">
        {t('backToTeam')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            {team
              ? t.rich('teamHeading', { team: team.name, bdi: (chunks) => <bdi dir="auto">{chunks}</bdi> })
              : t('teamTitle')}
          </h1>
          <p className="text-muted-foreground">{t('teamDescription')}</p>
        </div>
        {team ? (
          <Button asChild>
            <Link href={`/teams/${slug}/notes/new`}>{t('newTeamNote')}</Link>
          </Button>
        ) : null}
      </div>
      <NotesMessages>
        <NoteSearch locale={locale} search={search} base={base} />
        {list.status === 'unavailable' ? (
          <NotesAlert text={t('unavailable')} failed />
        ) : (
          <NoteList
            notes={list.notes}
            total={list.total}
            page={page}
            pages={list.pages}
            search={search}
            base={base}
          />
        )}
      </NotesMessages>
    </NotesPage>
  );
}
