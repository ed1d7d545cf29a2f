'use client';

import type { ReactElement, ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

interface RadioMenuOption {
  value: string;
  label: ReactNode;
  /** Extra attributes for the item (lang, data-*). */
  itemProps?: Record<string, string>;
}

interface RadioMenuProps {
  trigger: ReactElement;
  label: string;
  value: string;
  options: readonly RadioMenuOption[];
  onValueChange: (value: string) => void;
  contentClassName?: string;
}

/** A header dropdown choosing one of a few values (language, theme), opened at once: see DeferredMenu. */
export function RadioMenu({
  trigger,
  label,
  value,
  options,
  onValueChange,
  contentClassName,
}: RadioMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={contentClassName}>
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={onValueChange}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} {...option.itemProps}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
