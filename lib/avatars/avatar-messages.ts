import type { Locale } from 'next-intl';
import { getFormatter, getTranslations } from 'next-intl/server';
import { fileSize } from '@/i18n/file-size';
import { avatarMaxBytes, type AvatarProblem } from './avatar-rules';

/** The localized words for a refused file; the size limit in the locale's digits and unit. */
export async function avatarProblemMessage(
  problem: AvatarProblem | 'failed',
  locale: Locale,
): Promise<string> {
  const [t, format] = await Promise.all([
    getTranslations({ locale, namespace: 'Account' }),
    getFormatter({ locale }),
  ]);
  const keys = {
    empty: 'pictureEmpty',
    tooBig: 'pictureTooBig',
    wrongType: 'pictureWrongType',
    failed: 'pictureFailed',
  } as const;
  return t(keys[problem], { max: fileSize(format, avatarMaxBytes) });
}
