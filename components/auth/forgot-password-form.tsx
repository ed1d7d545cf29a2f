'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { requestPasswordReset } from '@/lib/auth/actions/password-recovery';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { EmailCodeForm } from './email-code-form';
import { FormContextFields } from './form-context-fields';

export function ForgotPasswordForm() {
  const t = useTranslations('AuthForm');
  const tf = useTranslations('ForgotPassword');
  const tc = useTranslations('EmailCode');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    requestPasswordReset,
    loadFormSchema((schemas) => schemas.emailOnlySchema),
  );
  const sentTo = state.status === 'success' ? state.values?.email : undefined;
  return (
    <>
      <form {...formProps} noValidate className="grid gap-4">
        <FormContextFields locale={locale} />
        <FormMessage state={state} />
        <FormField
          name="email"
          type="email"
          label={t('email')}
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          error={errors.email}
        />
        <SubmitButton className="w-full" variant={sentTo ? 'outline' : 'default'}>
          {tf('submit')}
        </SubmitButton>
      </form>
      {/* The email holds a code beside its link: typed here, it opens the new-password page in this browser. */}
      {sentTo ? (
        <EmailCodeForm
          key={sentTo}
          email={sentTo}
          type="recovery"
          label={tc('code')}
          submitLabel={tc('recoverySubmit')}
          className="grid gap-4 border-t pt-4"
        />
      ) : null}
    </>
  );
}
