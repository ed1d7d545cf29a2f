import { useTranslations } from 'next-intl';
import { ThemeIcon } from '@/components/layout/header-icons';
import { ThemeMenuLoader } from '@/components/theme/theme-menu-loader';
import { Button } from '@/components/ui/button';

/** Rendered on the server: the button costs the browser no JavaScript until the menu is opened. */
export function ThemeToggle() {
  const t = useTranslations('Theme');
  const trigger = (
    <Button variant="ghost" size="icon" aria-label={t('label')}>
      <ThemeIcon />
    </Button>
  );
  const labels = { label: t('label'), light: t('light'), dark: t('dark'), system: t('system') };
  return <ThemeMenuLoader trigger={trigger} labels={labels} />;
}
