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

/**
 * `email` and `next`: a page rendered per request (an invitation's) fills in the address and where to go after, in
 * its HTML; the static page reads both from its address in the browser.
 */
export function SignUpForm({ email, next }: { email?: string; next?: string } = {}) {
  const t = useTranslations('AuthForm');
  const ts = useTranslations('SignUp');
  const locale = useLocale();
  const addressEmail = useAddressParam('email');
  const { state, formProps, errors } = useValidatedAction(
    signUp,
    loadFormSchema((schemas) => schemas.signUpSchema),
  );

  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} next={next} />
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
        defaultValue={state.values?.email ?? email ?? addressEmail ?? undefined}
        error={errors.email}
      />
      <PolicyPasswordField label={t('password')} error={errors.password} />
      <SubmitButton className="w-full">{ts('submit')}</SubmitButton>
    </form>
  );
}
