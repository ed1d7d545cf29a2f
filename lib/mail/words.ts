import type { Locale } from 'next-intl';
import type { AppNotice } from '@/supabase/templates/src/app-notices';

/**
 * The words of one app mail in one language: the only place the app's mail reads words from, so moving them (to
 * messages/<locale>.json, say) changes this function and nothing else.
 */
export async function mailWords<Name extends keyof AppNotice['words']>(
  words: Record<Name, AppNotice['words'][Name]>,
  locale: Locale,
): Promise<Record<Name, string>> {
  return Object.fromEntries(
    Object.entries(words).map(([name, phrase]) => [name, (phrase as Record<Locale, string>)[locale]]),
  ) as Record<Name, string>;
}
