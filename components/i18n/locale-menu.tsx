'use client';

import type { ReactElement } from 'react';
import type { Locale } from 'next-intl';
import { RadioMenu } from '@/components/menus/radio-menu';
import { locales, nativeLanguageName } from '@/i18n/locales';

interface LocaleMenuProps {
  trigger: ReactElement;
  current: Locale;
  label: string;
  onChoose: (value: string) => void;
}

const options = locales.map((locale) => ({
  value: locale,
  label: nativeLanguageName(locale),
  itemProps: { lang: locale, 'data-locale': locale },
}));

/** The switcher's dropdown, loaded on first use (see DeferredMenu). */
export default function LocaleMenu({ trigger, current, label, onChoose }: LocaleMenuProps) {
  return (
    <RadioMenu
      trigger={trigger}
      label={label}
      value={current}
      options={options}
      onValueChange={onChoose}
      contentClassName="min-w-44"
    />
  );
}
