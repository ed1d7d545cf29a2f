import type { Locale } from 'next-intl';
import type { AppNotice } from '@/supabase/templates/src/app-notices';
import { wordsIn } from '@/supabase/templates/src/mail';
import type { EmailWords } from '@/supabase/templates/src/words';

/**
 * The words of one app mail in one language, by the variable each fills: `Email` of messages/<locale>.json, as the
 * auth templates read them. The only place the app's mail reads words from.
 */
export async function mailWords(
  notice: Pick<AppNotice, 'name' | 'words'>,
  locale: Locale,
): Promise<Record<string, string>> {
  // Imported as i18n/request.ts imports the messages: the bundler keeps one chunk per language.
  const { Email } = (await import(`../../messages/${locale}.json`)).default as { Email: EmailWords };
  return wordsIn(Email, locale, notice.name, notice.words);
}
