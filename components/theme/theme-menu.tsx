'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import type { ReactElement } from 'react';
import { RadioMenu } from '@/components/menus/radio-menu';
import { withoutTransitions } from '@/lib/theme/without-transitions';

const themes = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
] as const;

interface ThemeMenuProps {
  trigger: ReactElement;
  labels: Record<'label' | (typeof themes)[number]['value'], string>;
}

/** The theme toggle's dropdown, loaded on first use (see DeferredMenu). */
export default function ThemeMenu({ trigger, labels }: ThemeMenuProps) {
  const { theme, setTheme } = useTheme();
  const options = themes.map(({ value, icon: Icon }) => ({
    value,
    label: (
      <>
        <Icon aria-hidden="true" />
        {labels[value]}
      </>
    ),
    itemProps: { 'data-theme-option': value },
  }));
  return (
    <RadioMenu
      trigger={trigger}
      label={labels.label}
      value={theme ?? 'system'}
      options={options}
      onValueChange={(value) => withoutTransitions(() => setTheme(value))}
    />
  );
}
