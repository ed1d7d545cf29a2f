import type { Locale } from 'next-intl';
import { getFormatter, getTranslations } from 'next-intl/server';
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
  return t(keys[problem], { max: avatarMaxSize(format) });
}

/** "5 MB" as the locale writes it. */
export function avatarMaxSize(format: Awaited<ReturnType<typeof getFormatter>>): string {
  return format.number(avatarMaxBytes / 1024 / 1024, { style: 'unit', unit: 'megabyte' });
}
