import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from 'next-intl';
import { AccountSection } from '@/components/account/account-section';
import { AvatarForms } from '@/components/account/avatar-forms';
import { AvatarImage } from '@/components/auth/avatar-image';
import { avatarMaxSize, avatarProblemMessage } from '@/lib/avatars/avatar-messages';
import { avatarPath, avatarRemoveForm, avatarUploadForm } from '@/lib/avatars/avatar-rules';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { sessionClient } from '@/lib/session/server';

/** The profile picture: the current one (or the initials), and the forms that set, replace and remove it. */
export async function AvatarSection({
  locale,
  userId,
  name,
}: {
  locale: Locale;
  userId: string;
  name: string;
}) {
  const supabase = await sessionClient();
  const [t, format, info, uploadAnswer, removeAnswer, empty, tooBig, wrongType] = await Promise.all([
    getTranslations({ locale, namespace: 'Account' }),
    getFormatter({ locale }),
    supabase.storage.from('avatars').info(avatarPath(userId)),
    noScriptAnswer(avatarUploadForm),
    noScriptAnswer(avatarRemoveForm),
    avatarProblemMessage('empty', locale),
    avatarProblemMessage('tooBig', locale),
    avatarProblemMessage('wrongType', locale),
  ]);
  // The version names the picture in its URL, so a replaced one is fetched anew even where the page is updated
  // in place (a server action's answer with JavaScript).
  const version = info.data ? (info.data.version ?? info.data.etag ?? '') : null;
  const hasPicture = version !== null;
  return (
    <AccountSection id="picture" title={t('pictureTitle')} description={t('pictureDescription')}>
      <AvatarImage name={name} size={128} version={version} alt={t('pictureAlt')} />
      <AvatarForms
        hasPicture={hasPicture}
        hint={t('pictureHint', { max: avatarMaxSize(format) })}
        problems={{ empty, tooBig, wrongType }}
        uploadAnswer={uploadAnswer}
        removeAnswer={removeAnswer}
      />
    </AccountSection>
  );
}
