'use client';

import { Check, Circle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { missingCharacterGroups, passwordPolicy, requiredCharacterGroups } from '@/lib/forms/password-policy';
import { cn } from '@/lib/class-names';

/** The password policy, listed before the user submits, ticked off as they type (with JavaScript). */
export function PasswordRequirements({ password }: { password: string }) {
  const t = useTranslations('PasswordPolicy');
  const missing = new Set(missingCharacterGroups(password));
  const rules = [
    {
      id: 'length',
      label: t('minLength', { min: passwordPolicy.minLength }),
      met: password.length >= passwordPolicy.minLength,
    },
    ...requiredCharacterGroups.map((group) => ({ id: group, label: t(group), met: !missing.has(group) })),
  ];
  return (
    <div>
      <p>{t('title')}</p>
      <ul className="mt-1 grid gap-0.5" data-testid="password-requirements">
        {rules.map((rule) => (
          <li key={rule.id} className={cn('flex items-center gap-1.5', rule.met && 'text-foreground')}>
            {rule.met ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <Circle aria-hidden="true" className="size-3" />
            )}
            <span>{rule.label}</span>
            <span className="sr-only">({rule.met ? t('met') : t('unmet')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
