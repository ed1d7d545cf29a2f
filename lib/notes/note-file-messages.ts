import type { Locale } from 'next-intl';
import { getFormatter, getTranslations } from 'next-intl/server';
import { fileSize } from '@/i18n/file-size';
import { isolatedText } from '@/i18n/isolate';
import { actionBodyLimit } from '@/lib/http/request-guard';
import { type NoteFileProblem, noteFileMaxBytes, noteFilesPerNote } from './note-files';

/**
 * Why files were not attached. `tooBigToSend`: a post without JavaScript over the action body limit, refused before
 * anything was read (middleware.ts), so no file can be named.
 */
export type NoteFilesProblem =
  NoteFileProblem | 'tooBigToSend' | 'tooMany' | 'refused' | 'failed' | 'missing';

const keys = {
  empty: 'fileEmpty',
  tooBig: 'fileTooBig',
  tooBigToSend: 'filesTooBigToSend',
  wrongType: 'fileWrongType',
  tooMany: 'filesTooMany',
  refused: 'filesRefused',
  failed: 'filesFailed',
  missing: 'missing',
} as const;

/** The localized words for a refusal, naming the file when there is one; sizes in the locale's digits and unit. */
export async function noteFilesProblemMessage(
  locale: Locale,
  problem: NoteFilesProblem,
  name = '',
): Promise<string> {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'Notes' }),
    getFormatter({ locale }),
  ]);
  return t.markup(keys[problem], {
    ...isolatedText,
    name,
    count: noteFilesPerNote,
    max: fileSize(format, noteFileMaxBytes),
    total: fileSize(format, actionBodyLimit),
  });
}
