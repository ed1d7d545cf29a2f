'use client';

import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type AppLocale, locales, nativeLanguageName } from '@/lib/i18n/locales';

interface LocaleMenuProps {
  trigger: ReactElement;
  current: AppLocale;
  label: string;
  onChoose: (value: string) => void;
}

/** The switcher's Radix dropdown, loaded on first use (see DeferredMenu). */
export default function LocaleMenu({ trigger, current, label, onChoose }: LocaleMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={onChoose}>
          {locales.map((locale) => (
            <DropdownMenuRadioItem key={locale} value={locale} lang={locale} data-locale={locale}>
              {nativeLanguageName(locale)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
