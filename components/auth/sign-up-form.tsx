'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { signUp } from '@/lib/auth/actions/sign-up';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { useAddressParam } from '@/lib/http/use-address-param';
import { FormContextFields } from './form-context-fields';
import { PolicyPasswordField } from './policy-password-field';

export function SignUpForm() {
  const t = useTranslations('AuthForm');
  const ts = useTranslations('SignUp');
  const locale = useLocale();
  const invitedEmail = useAddressParam('email');
  const { state, formProps, errors } = useValidatedAction(
    signUp,
    loadFormSchema((schemas) => schemas.signUpSchema),
  );

  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FormField
        name="displayName"
        label={t('displayName')}
        autoComplete="name"
        required
        defaultValue={state.values?.displayName}
        error={errors.displayName}
      />
      <FormField
        name="email"
        type="email"
        label={t('email')}
        autoComplete="email"
        required
        // An invitation's link fills in the invited address (read in the browser: the page stays static).
        defaultValue={state.values?.email ?? invitedEmail ?? undefined}
        error={errors.email}
      />
      <PolicyPasswordField label={t('password')} error={errors.password} />
      <SubmitButton className="w-full">{ts('submit')}</SubmitButton>
    </form>
  );
}
