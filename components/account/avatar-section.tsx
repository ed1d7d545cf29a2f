import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from 'next-intl';
import { AccountSection } from '@/components/account/account-section';
import { AvatarForms } from '@/components/account/avatar-forms';
import { AvatarImage } from '@/components/auth/avatar-image';
import { fileSize } from '@/i18n/file-size';
import { avatarProblemMessage } from '@/lib/avatars/avatar-messages';
import { avatarMaxBytes, avatarRemoveForm, avatarUploadForm } from '@/lib/avatars/avatar-rules';
import { noScriptAnswer, noScriptPostTooLarge } from '@/lib/forms/no-script-state';

/**
 * The profile picture: the current one (or the initials), and the forms that set, replace and remove it. `version`:
 * the current picture's, from the user's metadata the page's session check already brought (identityOf), so the
 * section asks Storage nothing; null when there is none.
 */
export async function AvatarSection({
  locale,
  version,
  name,
}: {
  locale: Locale;
  version: string | null;
  name: string;
}) {
  const [t, format, uploadAnswer, removeAnswer, tooLarge, empty, tooBig, wrongType] = await Promise.all([
    getTranslations({ locale, namespace: 'Account' }),
    getFormatter({ locale }),
    noScriptAnswer(avatarUploadForm),
    noScriptAnswer(avatarRemoveForm),
    noScriptPostTooLarge(),
    avatarProblemMessage('empty', locale),
    avatarProblemMessage('tooBig', locale),
    avatarProblemMessage('wrongType', locale),
  ]);
  const hasPicture = version !== null;
  // A file too large to post reaches no action: the middleware sends the visitor back here, and the form says why.
  const tooLargeAnswer = tooLarge ? ({ status: 'error', message: tooBig } as const) : undefined;
  return (
    <AccountSection id="picture" title={t('pictureTitle')} description={t('pictureDescription')}>
      <AvatarImage name={name} size={128} version={version} alt={t('pictureAlt')} />
      <AvatarForms
        hasPicture={hasPicture}
        hint={t('pictureHint', { max: fileSize(format, avatarMaxBytes) })}
        problems={{ empty, tooBig, wrongType }}
        uploadAnswer={uploadAnswer ?? tooLargeAnswer}
        removeAnswer={removeAnswer}
      />
    </AccountSection>
  );
}
