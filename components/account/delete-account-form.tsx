'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { DeletionBlockers } from '@/components/teams/deletion-blockers';
import { deleteAccount } from '@/lib/auth/actions/account-profile';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';

export function DeleteAccountForm() {
  const t = useTranslations('Account');
  const locale = useLocale();
  const word = t('deleteWord');
  const { state, formProps, errors } = useValidatedAction(
    deleteAccount,
    loadFormSchema((schemas) => schemas.deleteAccountSchema(word)),
  );
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state}>
        {state.deletionBlockers?.length ? <DeletionBlockers teams={state.deletionBlockers} /> : null}
      </FormMessage>
      <FormField
        idPrefix="delete"
        name="confirmation"
        label={t('deleteConfirmation', { word })}
        autoComplete="off"
        required
        defaultValue={state.values?.confirmation}
        error={errors.confirmation}
      />
      <SubmitButton variant="destructive" className="justify-self-start">
        {t('deleteSubmit')}
      </SubmitButton>
    </form>
  );
}
