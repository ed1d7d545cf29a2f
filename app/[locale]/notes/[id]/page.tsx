import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { NoteEditor } from '@/components/notes/note-editor';
import { NoteFiles } from '@/components/notes/note-files';
import { NotesAlert } from '@/components/notes/notes-alert';
import { NotesMessages } from '@/components/notes/notes-messages';
import { NotesPage } from '@/components/notes/notes-page';
import { getPathname } from '@/i18n/navigation';
import type { FormState } from '@/lib/forms/form-state';
import { noScriptAnswer, noScriptPostTooLarge } from '@/lib/forms/no-script-state';
import { firstParam, ownEntry } from '@/lib/http/search-param';
import { noteFilesProblemMessage } from '@/lib/notes/note-file-messages';
import { listNoteFiles } from '@/lib/notes/note-file-queries';
import { noteFileRemoveForm, noteFilesUploadForm } from '@/lib/notes/note-files';
import { readNote } from '@/lib/notes/note-queries';
import { privatePage } from '@/lib/guard/page';
import { pageMetadata } from '@/lib/seo/page-metadata';

// The note's own title stays out of the document title: tabs, history and shared screens show only "Notes".
export async function generateMetadata({ params }: PageProps<'/[locale]/notes/[id]'>): Promise<Metadata> {
  const t = await getTranslations('Notes');
  return pageMetadata(`/notes/${(await params).id}`, { title: t('title') });
}

const savedMessages = {
  created: 'created',
  changed: 'saved',
  attached: 'attached',
  fileRemoved: 'fileRemoved',
} as const;

async function NoteContent({
  id,
  locale,
  searchParams,
}: {
  id: string;
  locale: Locale;
  searchParams: PageProps<'/[locale]/notes/[id]'>['searchParams'];
}) {
  const t = await getTranslations('Notes');
  // The middleware has checked the row (the route table's `row`): missing here only if deleted since.
  const path = getPathname({ href: `/notes/${id}`, locale });
  const read = await readNote(path, id);
  if (read.status === 'missing') notFound();
  if (read.status === 'unavailable') return <NotesAlert text={t('unavailable')} failed />;
  const saved = ownEntry(savedMessages, firstParam((await searchParams).saved));
  const [update, remove, files, fileUpload, fileRemove, tooLarge] = await Promise.all([
    noScriptAnswer('note-update'),
    noScriptAnswer('note-delete'),
    listNoteFiles(path, id),
    noScriptAnswer(noteFilesUploadForm),
    noScriptAnswer(noteFileRemoveForm),
    noScriptPostTooLarge(),
  ]);
  // Files too large to post reach no action: the middleware sends the visitor back here, and the form says why.
  const upload: FormState | undefined =
    fileUpload ??
    (tooLarge
      ? { status: 'error', message: await noteFilesProblemMessage(locale, 'tooBigToSend') }
      : undefined);
  return (
    <NotesMessages>
      {/* The address may still say what an earlier post did; a too-large one went back to it. */}
      {saved && !tooLarge ? <NotesAlert text={t(saved)} /> : null}
      <NoteEditor note={read.note} answers={{ update, delete: remove }} />
      {files.status === 'ok' ? (
        <NoteFiles noteId={id} files={files.files} answers={{ upload, remove: fileRemove }} />
      ) : (
        <NotesAlert text={t('unavailable')} failed />
      )}
    </NotesMessages>
  );
}

export default async function NotePage({ params, searchParams }: PageProps<'/[locale]/notes/[id]'>) {
  const { id } = await params;
  const { locale } = await privatePage(`/notes/${id}`);
  const t = await getTranslations('Notes');
  return (
    <NotesPage>
      <Link href="/notes" className="text-sm underline-offset-4 hover:underline">
        {t('allNotes')}
      </Link>
      <NoteContent id={id} locale={locale} searchParams={searchParams} />
    </NotesPage>
  );
}
