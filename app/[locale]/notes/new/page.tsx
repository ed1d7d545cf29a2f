import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { SessionUnconfirmed } from '@/components/auth/session-unconfirmed';
import { Link } from '@/components/navigation/link';
import { NewNoteForm } from '@/components/notes/new-note-form';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { guardPage } from '@/lib/auth/page-guard';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { sessionUnconfirmed } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata('/notes/new', { title: t('newTitle') });
}

async function NewNoteContent() {
  const session = await guardPage('/notes/new', await getLocale());
  if (session === sessionUnconfirmed) return <SessionUnconfirmed />;
  return (
    <NotesMessages>
      <NewNoteForm answer={await noScriptAnswer('note-create')} />
    </NotesMessages>
  );
}

export default function NewNotePage() {
  const t = useTranslations('Notes');
  return (
    <NotesPage>
      <Link href="/notes" className="text-sm underline-offset-4 hover:underline">
        {t('allNotes')}
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">{t('newTitle')}</h1>
      <NewNoteContent />
    </NotesPage>
  );
}
