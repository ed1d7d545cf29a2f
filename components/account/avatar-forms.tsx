'use client';

import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useActionState, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { Label } from '@/components/ui/label';
import { removeAvatar, uploadAvatar } from '@/lib/avatars/avatar-actions';
import { avatarFileProblem, avatarTypes, type AvatarProblem } from '@/lib/avatars/avatar-rules';
import { type FormState, initialFormState } from '@/lib/forms/form-state';

/**
 * Upload (or replace) and remove. A plain multipart post: without JavaScript the browser sends it and the page
 * shows the answer; with it, the file is checked here first, in the same words the server would use.
 * `problems`: those words, localized on the server (sizes through next-intl's formatter).
 */
export function AvatarForms({
  hasPicture,
  hint,
  problems,
  uploadAnswer,
  removeAnswer,
}: {
  hasPicture: boolean;
  hint: string;
  problems: Record<AvatarProblem, string>;
  uploadAnswer?: FormState;
  removeAnswer?: FormState;
}) {
  const t = useTranslations('Account');
  const locale = useLocale();
  const [uploadState, upload] = useActionState(uploadAvatar, uploadAnswer ?? initialFormState);
  const [removeState, remove] = useActionState(removeAvatar, removeAnswer ?? initialFormState);
  const [clientProblem, setClientProblem] = useState<{ for: FormState; message: string } | null>(null);
  const shown =
    clientProblem?.for === uploadState
      ? { status: 'error' as const, message: clientProblem.message }
      : uploadState;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('picture') as HTMLInputElement | null;
    const problem = avatarFileProblem(input?.files?.[0] ?? null);
    if (!problem) return;
    event.preventDefault();
    setClientProblem({ for: uploadState, message: problems[problem] });
    input?.focus();
  }

  const error = shown.status === 'error';
  return (
    <div className="grid gap-4">
      <form
        action={upload}
        onSubmit={onSubmit}
        encType="multipart/form-data"
        noValidate
        className="grid gap-4"
      >
        <input type="hidden" name="locale" value={locale} />
        <FormMessage state={shown} />
        <div className="grid gap-2">
          <Label htmlFor="avatar-picture">{hasPicture ? t('pictureReplace') : t('pictureChoose')}</Label>
          <input
            id="avatar-picture"
            name="picture"
            type="file"
            accept={avatarTypes.join(',')}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby="avatar-picture-hint"
            className="w-full min-w-0 text-sm file:me-3 file:h-control file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:text-sm file:font-medium focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
          <p id="avatar-picture-hint" className="text-sm text-muted-foreground">
            {hint}
          </p>
        </div>
        <SubmitButton className="justify-self-start" pendingLabel={t('pictureUploading')}>
          {t('pictureUpload')}
        </SubmitButton>
      </form>
      {hasPicture ? (
        <form action={remove} className="grid gap-4">
          <input type="hidden" name="locale" value={locale} />
          <FormMessage state={removeState} />
          <SubmitButton variant="outline" className="justify-self-start">
            {t('pictureRemove')}
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
