import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { getPathname } from '@/i18n/navigation';
import { isolated } from '@/i18n/isolate';
import { searchMaxLength } from '@/lib/notes/note-schema';
import type { NoteSummary } from '@/lib/notes/note-queries';
import { NoteTime } from './note-time';

/** A list of notes: the visitor's own, or a team's. */
export type NotesPath = '/notes' | `/teams/${string}/notes`;

/** The search box: a plain GET form, so it works the same with JavaScript off. */
export async function NoteSearch({
  locale,
  search,
  base = '/notes',
}: {
  locale: Locale;
  search: string;
  base?: NotesPath;
}) {
  const t = await getTranslations('Notes');
  return (
    <form role="search" action={getPathname({ href: base, locale })} className="flex flex-wrap gap-2">
      <label htmlFor="notes-search" className="sr-only">
        {t('searchLabel')}
      </label>
      <Input
        id="notes-search"
        type="search"
        name="q"
        dir="auto"
        defaultValue={search}
        maxLength={searchMaxLength}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="secondary">
        {t('searchSubmit')}
      </Button>
      {search ? (
        <Button asChild variant="ghost">
          <Link href={base}>{t('showAll')}</Link>
        </Button>
      ) : null}
    </form>
  );
}

/** One page of notes, newest first: titles in their own direction, when each was last changed, and paging. */
export async function NoteList({
  notes,
  total,
  page,
  pages,
  search,
  base = '/notes',
}: {
  notes: NoteSummary[];
  total: number;
  page: number;
  pages: number;
  search: string;
  base?: NotesPath;
}) {
  const t = await getTranslations('Notes');
  const pageHref = (to: number) => ({
    pathname: base,
    query: { ...(to > 1 ? { page: String(to) } : {}), ...(search ? { q: search } : {}) },
  });
  return (
    <div className="grid gap-4">
      <p role="status" data-testid="notes-count" className="text-sm text-muted-foreground">
        {search
          ? t.rich('matches', { count: total, query: search, ...isolated })
          : t('count', { count: total })}
      </p>
      {notes.length > 0 ? (
        <ul className="grid divide-y rounded-lg border" data-testid="notes-list">
          {notes.map((note) => (
            <li key={note.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
              <Link
                href={`/notes/${note.id}`}
                className="min-w-0 font-medium break-words underline-offset-4 hover:underline"
              >
                <bdi dir="auto">{note.title}</bdi>
              </Link>
              <span className="text-sm text-muted-foreground">
                <NoteTime iso={note.updated_at} />
              </span>
            </li>
          ))}
        </ul>
      ) : search ? null : (
        <p className="text-muted-foreground">{t('empty')}</p>
      )}
      {pages > 1 ? (
        <nav aria-label={t('pages')} className="flex flex-wrap items-center justify-between gap-2">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={pageHref(page - 1)} rel="prev">
                {t('previous')}
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted-foreground">{t('pageOf', { page, pages })}</span>
          {page < pages ? (
            <Button asChild variant="outline" size="sm">
              <Link href={pageHref(page + 1)} rel="next">
                {t('next')}
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
