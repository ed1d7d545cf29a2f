import type { Locale } from 'next-intl';
import { defaultLocale, isLocale } from '@/i18n/locales';

/** Server actions have no root params: forms carry their language in a hidden `locale` field. */
export function formLocale(formData: FormData): Locale {
  const value = formData.get('locale');
  return isLocale(value) ? value : defaultLocale;
}
