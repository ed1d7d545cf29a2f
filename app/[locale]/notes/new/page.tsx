import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { NewNoteForm } from '@/components/notes/new-note-form';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { privatePage } from '@/lib/guard/page';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata('/notes/new', { title: t('newTitle') });
}

export default async function NewNotePage() {
  await privatePage('/notes/new');
  const t = await getTranslations('Notes');
  return (
    <NotesPage>
      <Link href="/notes" className="text-sm underline-offset-4 hover:underline">
        {t('allNotes')}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">{t('newTitle')}</h1>
      <NotesMessages>
        <NewNoteForm answer={await noScriptAnswer('note-create')} />
      </NotesMessages>
    </NotesPage>
  );
}
