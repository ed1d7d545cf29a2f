'use client';

import { useTranslations } from 'next-intl';
import type { MouseEvent } from 'react';
import { CopyTextButton } from '@/components/ui/copy-text-button';
import { Link } from '@/components/navigation/link';
import { buttonVariants } from '@/components/ui/button-variants';
import type { NoteConflict } from '@/lib/notes/note-actions';
import { useHydrated } from '@/lib/use-browser-value';

/**
 * The version saved elsewhere while the user was editing, shown beside their text: its title, body and when. They
 * keep theirs (the form's button), take this one, or copy it. "Take" is a link to the note, which without JavaScript
 * opens the form anew on the saved version; with JavaScript `onTake` fills the form in place.
 */
export function NoteConflictPanel({
  noteId,
  conflict,
  onTake,
}: {
  noteId: string;
  conflict: NoteConflict;
  onTake: () => void;
}) {
  const t = useTranslations('Notes');
  const hydrated = useHydrated();
  const take = (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    onTake();
  };
  return (
    <section
      aria-labelledby="note-other-heading"
      className="grid content-start gap-3 rounded-md border border-dashed p-4"
      data-testid="note-other-version"
    >
      <h3 id="note-other-heading" className="font-semibold">
        {t('otherVersion')}
      </h3>
      <dl className="flex flex-wrap gap-1 text-sm text-muted-foreground">
        <dt>{t('updatedAt')}</dt>
        <dd>
          <time dateTime={conflict.updatedAt}>{conflict.when}</time>
        </dd>
      </dl>
      <p dir="auto" className="font-medium break-words" data-testid="note-other-title">
        {conflict.title}
      </p>
      <div
        dir="auto"
        className="break-words [unicode-bidi:plaintext] whitespace-pre-wrap"
        data-testid="note-other-body"
      >
        {conflict.body}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={`/notes/${noteId}`}
          onClick={take}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          {t('takeOther')}
        </Link>
        <CopyTextButton
          text={`${conflict.title}\n\n${conflict.body}`}
          label={t('copyOther')}
          doneLabel={t('copiedOther')}
        />
      </div>
    </section>
  );
}
