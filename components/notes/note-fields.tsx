'use client';

import { useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { FieldErrors } from '@/lib/forms/validation-messages';
import { noteLimits } from '@/lib/notes/note-schema';

/** Title and body, as both the new-note and the edit form ask for them. User text runs in its own direction. */
export function NoteFields({
  idPrefix,
  title,
  body,
  errors,
}: {
  idPrefix: string;
  title: string;
  body: string;
  errors: FieldErrors;
}) {
  const t = useTranslations('Notes');
  const bodyId = `${idPrefix}-body`;
  const describedBy = [`${bodyId}-description`, errors.body ? `${bodyId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <FormField
        idPrefix={idPrefix}
        name="title"
        label={t('titleLabel')}
        autoComplete="off"
        dir="auto"
        required
        defaultValue={title}
        error={errors.title}
      />
      <div className="grid gap-2">
        <Label htmlFor={bodyId}>{t('bodyLabel')}</Label>
        <Textarea
          id={bodyId}
          name="body"
          dir="auto"
          rows={8}
          defaultValue={body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy}
          // Each paragraph in its own direction, as the note's page shows it (mixed Arabic and Latin lines).
          className="min-h-40 [unicode-bidi:plaintext]"
        />
        <p id={`${bodyId}-description`} className="text-sm text-muted-foreground">
          {t('bodyHint', { max: noteLimits.body })}
        </p>
        {errors.body ? (
          <p id={`${bodyId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.body}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The note schema, loaded when a form first gets focus (see useValidatedAction). */
export const loadNoteSchema = () => import('@/lib/notes/note-schema').then((module) => module.noteSchema);
