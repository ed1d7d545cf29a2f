import { type AppLocale, defaultLocale, isAppLocale } from '@/lib/i18n/locales';

/** Server actions have no root params: forms carry their language in a hidden `locale` field. */
export function formLocale(formData: FormData): AppLocale {
  const value = formData.get('locale');
  return isAppLocale(value) ? value : defaultLocale;
}
