'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { TypedConfirmationForm } from '@/components/forms/typed-confirmation-form';
import { DeletionBlockers } from '@/components/teams/deletion-blockers';
import { deleteAccount } from '@/lib/auth/actions/account-profile';
import { loadFormSchema } from '@/lib/auth/load-form-schema';

export function DeleteAccountForm() {
  const t = useTranslations('Account');
  const locale = useLocale();
  const word = t('deleteWord');
  return (
    <TypedConfirmationForm
      action={deleteAccount}
      loadSchema={loadFormSchema((schemas) => schemas.deleteAccountSchema(word))}
      idPrefix="delete"
      label={t('deleteConfirmation', { word })}
      submit={t('deleteSubmit')}
      messageDetail={(state) =>
        state.deletionBlockers?.length ? <DeletionBlockers teams={state.deletionBlockers} /> : null
      }
    >
      <FormContextFields locale={locale} />
    </TypedConfirmationForm>
  );
}
