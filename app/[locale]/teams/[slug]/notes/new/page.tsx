import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { NewNoteForm } from '@/components/notes/new-note-form';
import { NotesAlert } from '@/components/notes/notes-alert';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { getPathname } from '@/i18n/navigation';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { privatePage } from '@/lib/guard/page';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { readTeamRow } from '@/lib/teams/team-queries';

// A new note of a team, on a page of its own as a personal note is written on /notes/new: the team's list stays a
// list. The middleware answers 404 for a team the visitor is not in (the route table's `row`).

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/teams/[slug]/notes/new'>): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata(`/teams/${(await params).slug}/notes/new`, { title: t('newTeamNote') });
}

export default async function NewTeamNotePage({ params }: PageProps<'/[locale]/teams/[slug]/notes/new'>) {
  const { slug } = await params;
  const base = `/teams/${slug}/notes/new` as const;
  const { locale } = await privatePage(`/teams/${slug}/notes/new`);
  const t = await getTranslations('Notes');
  // Usually the row the middleware read for its 404, handed over: no second read.
  const read = await readTeamRow(getPathname({ href: base, locale }), base, slug);
  if (read.status === 'missing') notFound();
  return (
    <NotesPage>
      <Link href={`/teams/${slug}/notes`} className="text-sm underline-offset-4 hover:underline">
        {t('teamTitle')}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{t('newTeamNote')}</h1>
      <NotesMessages>
        {read.status === 'ok' ? (
          <NewNoteForm
            answer={await noScriptAnswer('note-create')}
            team={{ id: read.team.id, slug: read.team.slug }}
          />
        ) : (
          <NotesAlert text={t('unavailable')} failed />
        )}
      </NotesMessages>
    </NotesPage>
  );
}
