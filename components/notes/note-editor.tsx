'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useOptimistic, useRef, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { initialFormState, type FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { deleteNote, type NoteEditState, updateNote } from '@/lib/notes/note-actions';
import type { Note } from '@/lib/notes/note-queries';
import { useBrowserValue, useHydrated } from '@/lib/use-browser-value';
import { cn } from '@/lib/class-names';
import { NoteConflictPanel } from './note-conflict';
import { loadNoteSchema, NoteFields } from './note-fields';
import { browserTimeZone, NoteTime } from './note-time';

type Shown = Note & { pending?: 'saving' | 'deleting' };

/**
 * One note: read, edit, delete. With JavaScript the note shows the saved text (or fades out, when deleting) as
 * soon as the form is sent, through useOptimistic, and falls back if the server refuses; without it the forms
 * post as plain forms and the page shows the answer. `answers`: posts made without JavaScript.
 */
export function NoteEditor({
  note,
  answers,
}: {
  note: Note;
  answers: { update?: NoteEditState; delete?: FormState };
}) {
  const t = useTranslations('Notes');
  const locale = useLocale();
  const [shown, setShown] = useOptimistic<Shown, Partial<Shown>>(note, (current, change) => ({
    ...current,
    ...change,
  }));
  const edit = useValidatedAction<NoteEditState>(updateNote, loadNoteSchema, answers.update);
  const form = useRef<HTMLFormElement>(null);
  // The other version the user took into the form (with JavaScript): its panel and message are done with.
  const [taken, setTaken] = useState<string>();
  const [deleteState, deleteAction] = useActionState(deleteNote, answers.delete ?? initialFormState);
  const timeZone = useBrowserValue(browserTimeZone, () => '');

  // Once hydrated, the forms run through these, which show the outcome first; before (and without JavaScript) they
  // post to the server actions themselves, which a client function cannot do.
  const hydrated = useHydrated();
  const saveAction = (data: FormData) => {
    setShown({ title: String(data.get('title')).trim(), body: String(data.get('body')), pending: 'saving' });
    edit.formProps.action(data);
  };
  const removeAction = (data: FormData) => {
    setShown({ pending: 'deleting' });
    deleteAction(data);
  };

  const values = edit.state.values;
  const conflict = edit.state.conflict?.updatedAt === taken ? undefined : edit.state.conflict;
  const takeOther = (other: NonNullable<NoteEditState['conflict']>) => {
    const fields = form.current?.elements;
    const title = fields?.namedItem('title');
    const body = fields?.namedItem('body');
    if (title instanceof HTMLInputElement) title.value = other.title;
    if (body instanceof HTMLTextAreaElement) body.value = other.body;
    setTaken(other.updatedAt);
    if (title instanceof HTMLInputElement) title.focus();
  };
  return (
    <div className="grid gap-8">
      <article
        aria-labelledby="note-heading"
        aria-busy={shown.pending ? true : undefined}
        className={cn('grid gap-3', shown.pending === 'deleting' && 'opacity-50')}
      >
        <h1 id="note-heading" dir="auto" className="text-2xl font-semibold tracking-tight break-words">
          {shown.title}
        </h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t('createdAt')}</dt>
            <dd>
              <NoteTime iso={note.created_at} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('updatedAt')}</dt>
            <dd data-testid="note-updated">
              {shown.pending ? t(shown.pending) : <NoteTime iso={note.updated_at} />}
            </dd>
          </div>
        </dl>
        <div
          dir="auto"
          data-testid="note-body"
          className="break-words [unicode-bidi:plaintext] whitespace-pre-wrap"
        >
          {shown.body}
        </div>
      </article>

      <section
        aria-labelledby="note-edit-heading"
        className="grid gap-4 rounded-lg border bg-card p-6 shadow-sm"
      >
        <h2 id="note-edit-heading" className="text-lg font-semibold">
          {t('editTitle')}
        </h2>
        <form
          {...edit.formProps}
          ref={form}
          action={hydrated ? saveAction : edit.formProps.action}
          noValidate
          className="grid gap-4"
          data-testid="note-edit-form"
        >
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="id" value={note.id} />
          <input type="hidden" name="updatedAt" value={values?.updatedAt || note.updated_at} />
          <input type="hidden" name="timeZone" value={timeZone} />
          <FormMessage state={conflict || !edit.state.conflict ? edit.state : { status: 'idle' }} />
          <div className={cn('grid gap-4', conflict && 'md:grid-cols-2')}>
            <div className="grid content-start gap-4">
              <NoteFields
                idPrefix="note-edit"
                title={values?.title ?? note.title}
                body={values?.body ?? note.body}
                errors={edit.errors}
              />
            </div>
            {conflict ? (
              <NoteConflictPanel noteId={note.id} conflict={conflict} onTake={() => takeOther(conflict)} />
            ) : null}
          </div>
          <SubmitButton className="justify-self-start" pendingLabel={t('saving')}>
            {conflict ? t('keepMine') : t('save')}
          </SubmitButton>
        </form>
      </section>

      <details
        className="grid gap-4 rounded-lg border border-destructive/40 p-6"
        open={!!deleteState.message}
      >
        <summary className="cursor-pointer font-medium text-destructive">{t('deleteSummary')}</summary>
        <form action={hydrated ? removeAction : deleteAction} className="mt-4 grid gap-4">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="id" value={note.id} />
          <FormMessage state={deleteState} />
          <p className="text-sm">{t('deleteWarning')}</p>
          <SubmitButton variant="destructive" className="justify-self-start" pendingLabel={t('deleting')}>
            {t('deleteSubmit')}
          </SubmitButton>
        </form>
      </details>
    </div>
  );
}
