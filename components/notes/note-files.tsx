'use client';

import { FileText, LoaderCircle } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useActionState, useId, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { fileSize } from '@/i18n/file-size';
import { isolatedText } from '@/i18n/isolate';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { noteFileUploadTicket, removeNoteFile, uploadNoteFiles } from '@/lib/notes/note-file-actions';
import {
  type NoteFile,
  noteFileMaxBytes,
  noteFileProblem,
  noteFilesPerNote,
  noteFileSource,
  noteFileTypes,
  isNoteFileType,
} from '@/lib/notes/note-files';
import { useHydrated } from '@/lib/use-browser-value';

const problemKeys = { empty: 'fileEmpty', tooBig: 'fileTooBig', wrongType: 'fileWrongType' } as const;

/** PUTs a file to a signed upload URL, reporting progress; resolves to the HTTP status (0: no answer). */
function putFile(url: string, file: File, onProgress: (loaded: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('x-upsert', 'false');
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    request.addEventListener('load', () => resolve(request.status));
    request.addEventListener('error', () => resolve(0));
    request.addEventListener('abort', () => resolve(0));
    request.send(file);
  });
}

/**
 * A note's files: the list (images as thumbnails, each opened, downloaded and removed through the app), and the
 * form to attach more. Without JavaScript the form posts the files to the server, which passes them on to Storage;
 * with it the browser sends each straight to Storage through a signed upload URL the server issues, showing its
 * progress, and then asks for the page again. `answers`: posts made without JavaScript.
 */
export function NoteFiles({
  noteId,
  files,
  answers,
}: {
  noteId: string;
  files: NoteFile[];
  answers: { upload?: FormState; remove?: FormState };
}) {
  const t = useTranslations('Notes');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const hydrated = useHydrated();
  const [uploadState, upload] = useActionState(uploadNoteFiles, answers.upload ?? initialFormState);
  const [shown, setShown] = useState<{ for: FormState; state: FormState } | null>(null);
  const [progress, setProgress] = useState<{ name: string; loaded: number; total: number } | null>(null);
  const hintId = useId();
  const progressId = useId();
  const max = fileSize(format, noteFileMaxBytes);
  const state = shown?.for === uploadState ? shown.state : uploadState;
  const full = files.length >= noteFilesPerNote;

  const say = (message: string, status: FormState['status'] = 'error') =>
    setShown({ for: uploadState, state: { status, message } });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('files') as HTMLInputElement | null;
    const chosen = [...(input?.files ?? [])];
    const refuse = (message: string) => {
      say(message);
      input?.focus();
    };
    if (chosen.length === 0) return refuse(t('fileEmpty'));
    if (files.length + chosen.length > noteFilesPerNote)
      return refuse(t('filesTooMany', { count: noteFilesPerNote }));
    for (const file of chosen) {
      const problem = noteFileProblem(file);
      if (problem) return refuse(t.markup(problemKeys[problem], { name: file.name, max, ...isolatedText }));
    }
    for (const file of chosen) {
      setProgress({ name: file.name, loaded: 0, total: file.size });
      const data = new FormData();
      data.set('locale', locale);
      data.set('noteId', noteId);
      data.set('name', file.name);
      data.set('size', String(file.size));
      data.set('type', file.type);
      const ticket = await noteFileUploadTicket(data).catch(() => null);
      if (!ticket || ticket.status === 'error') {
        setProgress(null);
        router.refresh();
        return refuse(ticket?.message || t('filesFailed'));
      }
      const status = await putFile(ticket.url, file, (loaded) =>
        setProgress({ name: file.name, loaded, total: file.size }),
      );
      if (status < 200 || status >= 300) {
        setProgress(null);
        router.refresh();
        const message =
          status === 413
            ? t.markup('fileTooBig', { name: file.name, max, ...isolatedText })
            : status === 415
              ? t.markup('fileWrongType', { name: file.name, ...isolatedText })
              : t('filesFailed');
        return refuse(message);
      }
    }
    setProgress(null);
    form.reset();
    say(t('attached'), 'success');
    router.refresh();
  }

  return (
    <section
      aria-labelledby="note-files-heading"
      className="grid gap-4 rounded-lg border bg-card p-6 shadow-sm"
    >
      <h2 id="note-files-heading" className="text-lg font-semibold">
        {t('filesHeading')}
      </h2>
      {answers.remove ? <FormMessage state={answers.remove} /> : null}
      {files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('filesEmpty')}</p>
      ) : (
        <ul className="grid gap-3" data-testid="note-files">
          {files.map((file) => (
            <NoteFileItem key={file.path} file={file} size={fileSize(format, file.size)} />
          ))}
        </ul>
      )}
      <form
        action={upload}
        onSubmit={onSubmit}
        encType="multipart/form-data"
        noValidate
        className="grid gap-4"
        aria-busy={progress ? true : undefined}
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="noteId" value={noteId} />
        <FormMessage state={state} />
        <div className="grid gap-2">
          <Label htmlFor="note-files-input">{t('filesChoose')}</Label>
          <input
            id="note-files-input"
            name="files"
            type="file"
            multiple
            disabled={full}
            accept={Object.keys(noteFileTypes).join(',')}
            aria-invalid={state.status === 'error' ? true : undefined}
            aria-describedby={hintId}
            className="w-full min-w-0 text-sm file:me-3 file:h-control file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:text-sm file:font-medium focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            {full
              ? t('filesFull', { count: noteFilesPerNote })
              : t('filesHint', { max, count: noteFilesPerNote })}
          </p>
        </div>
        {progress ? (
          <div className="grid gap-1" data-testid="note-file-progress">
            <span id={progressId} className="text-sm">
              {t.rich('fileProgress', {
                name: progress.name,
                bdi: (chunks) => <bdi dir="auto">{chunks}</bdi>,
              })}
            </span>
            <progress
              aria-labelledby={progressId}
              value={progress.loaded}
              max={progress.total || 1}
              className="h-2 w-full"
            />
          </div>
        ) : null}
        {progress ? (
          <Button type="button" aria-disabled className="justify-self-start">
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            <span>{t('filesAttaching')}</span>
          </Button>
        ) : (
          <SubmitButton className="justify-self-start" pendingLabel={t('filesAttaching')} disabled={full}>
            {t('filesAttach')}
          </SubmitButton>
        )}
      </form>
    </section>
  );
}

/** One file: its preview or icon, name, size and type, and a form that removes it. */
function NoteFileItem({ file, size }: { file: NoteFile; size: string }) {
  const t = useTranslations('Notes');
  const locale = useLocale();
  const [state, remove] = useActionState(removeNoteFile, initialFormState);
  const image = file.type.startsWith('image/');
  const kind = isNoteFileType(file.type) ? noteFileTypes[file.type] : 'other';
  // The buttons' accessible names say which file; the name is seen beside them already.
  const spokenName = {
    name: file.name,
    bdi: (chunks: ReactNode) => (
      <bdi dir="auto" className="sr-only">
        {chunks}
      </bdi>
    ),
  };
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="note-file">
      <div className="flex items-center gap-3">
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by the app's own route, already resized by Storage
          <img
            src={noteFileSource(file.path, 'thumb')}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-sm object-cover"
          />
        ) : (
          <FileText aria-hidden="true" className="size-16 shrink-0 p-3 text-muted-foreground" />
        )}
        <div className="grid min-w-0 gap-1">
          <a
            href={noteFileSource(file.path)}
            className="font-medium break-words underline-offset-4 hover:underline"
          >
            <bdi dir="auto">{file.name}</bdi>
          </a>
          <p className="text-sm text-muted-foreground">{t('fileDetails', { size, kind })}</p>
        </div>
      </div>
      <FormMessage state={state} />
      <div className="flex flex-wrap gap-2">
        <a
          href={noteFileSource(file.path, 'download')}
          className="inline-flex h-control items-center rounded-md border px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {t.rich('fileDownload', spokenName)}
        </a>
        <form action={remove}>
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="path" value={file.path} />
          <SubmitButton variant="outline" pendingLabel={t('fileRemoving')}>
            {t.rich('fileRemove', spokenName)}
          </SubmitButton>
        </form>
      </div>
    </li>
  );
}
