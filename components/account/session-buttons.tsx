'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { signOutEverywhere, signOutOtherDevices } from '@/lib/auth/actions/account-sessions';
import { initialFormState } from '@/lib/forms/form-state';

export function SessionButtons() {
  const t = useTranslations('Account');
  const locale = useLocale();
  const [othersState, signOutOthersAction] = useActionState(signOutOtherDevices, initialFormState);
  const [everywhereState, signOutEverywhereAction] = useActionState(signOutEverywhere, initialFormState);
  return (
    <div className="grid gap-3">
      <FormMessage state={othersState} />
      <FormMessage state={everywhereState} />
      <div className="flex flex-wrap gap-3">
        <form action={signOutOthersAction}>
          <FormContextFields locale={locale} />
          <SubmitButton variant="outline">{t('signOutOthers')}</SubmitButton>
        </form>
        {/* Signs this browser out too: empty the service worker's runtime caches. */}
        <ClearCachesForm action={signOutEverywhereAction}>
          <FormContextFields locale={locale} />
          <SubmitButton variant="outline">{t('signOutEverywhere')}</SubmitButton>
        </ClearCachesForm>
      </div>
    </div>
  );
}
