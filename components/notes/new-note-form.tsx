'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import type { FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { createNote } from '@/lib/notes/note-actions';
import { loadNoteSchema, NoteFields } from './note-fields';

/**
 * A new note: the visitor's own, or with `team` one of that team's. `answer`: a post made without JavaScript
 * (lib/forms/no-script-state.ts).
 */
export function NewNoteForm({ answer, team }: { answer?: FormState; team?: { id: string; slug: string } }) {
  const t = useTranslations('Notes');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(createNote, loadNoteSchema, answer);
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <input type="hidden" name="locale" value={locale} />
      {team ? <input type="hidden" name="teamId" value={team.id} /> : null}
      {team ? <input type="hidden" name="teamSlug" value={team.slug} /> : null}
      <FormMessage state={state} />
      <NoteFields
        idPrefix={team ? 'team-note' : 'note'}
        title={state.values?.title ?? ''}
        body={state.values?.body ?? ''}
        errors={errors}
      />
      <SubmitButton className="justify-self-start" pendingLabel={t('saving')}>
        {t('create')}
      </SubmitButton>
    </form>
  );
}
