'use client';

import { useTranslations } from 'next-intl';
import { openConsentSettings } from '@/lib/consent/consent-store';

/** Footer entry to change the consent choice at any time. */
export function ConsentSettingsButton() {
  const t = useTranslations('Consent');
  return (
    <button
      type="button"
      onClick={openConsentSettings}
      className="rounded-sm text-start underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      {t('footerLink')}
    </button>
  );
}
