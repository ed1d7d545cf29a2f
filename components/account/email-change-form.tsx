'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { changeEmail } from '@/lib/auth/actions/account-credentials';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';

/** `outline` while a change waits for its codes: entering them is then the card's primary action. */
export function EmailChangeForm({ submitVariant = 'default' }: { submitVariant?: 'default' | 'outline' }) {
  const t = useTranslations('Account');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    changeEmail,
    loadFormSchema((schemas) => schemas.changeEmailSchema),
  );
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FormField
        idPrefix="email-change"
        name="email"
        type="email"
        label={t('newEmail')}
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={errors.email}
      />
      <SubmitButton className="justify-self-start" variant={submitVariant}>
        {t('changeEmail')}
      </SubmitButton>
    </form>
  );
}
