import { useLocale, useTranslations } from 'next-intl';
import { LanguageIcon } from '@/components/layout/header-icons';
import { LocaleMenuLoader } from '@/components/i18n/locale-menu-loader';
import { Button } from '@/components/ui/button';
import { nativeLanguageName } from '@/i18n/locales';

/** Rendered on the server: the button costs the browser no JavaScript until the menu is opened. */
export function LocaleSwitcher() {
  const t = useTranslations('LocaleSwitcher');
  const current = useLocale();
  const trigger = (
    <Button variant="ghost" size="sm" aria-label={t('current', { language: nativeLanguageName(current) })}>
      <LanguageIcon />
      <span className="hidden sm:inline">{nativeLanguageName(current)}</span>
    </Button>
  );
  return <LocaleMenuLoader trigger={trigger} current={current} label={t('label')} />;
}
