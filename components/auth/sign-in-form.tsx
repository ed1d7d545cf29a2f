'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { Link } from '@/components/navigation/link';
import { signInWithPassword } from '@/lib/auth/actions/sign-in';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { useAddressParam } from '@/lib/http/use-address-param';
import { FormContextFields } from './form-context-fields';

/**
 * `email` and `next`: a page rendered per request (an invitation's) fills in the address and where to go after, in
 * its HTML; the static page reads both from its address in the browser.
 */
export function SignInForm({ email, next }: { email?: string; next?: string } = {}) {
  const t = useTranslations('AuthForm');
  const ts = useTranslations('SignIn');
  const locale = useLocale();
  const addressEmail = useAddressParam('email');
  const { state, formProps, errors } = useValidatedAction(
    signInWithPassword,
    loadFormSchema((schemas) => schemas.signInSchema),
  );

  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} next={next} />
      <FormMessage state={state} />
      <FormField
        name="email"
        type="email"
        label={t('email')}
        autoComplete="username webauthn"
        required
        defaultValue={state.values?.email ?? email ?? addressEmail ?? undefined}
        error={errors.email}
      />
      <FormField
        name="password"
        type="password"
        label={t('password')}
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="-mt-2 text-sm">
        <Link href="/forgot-password" className="rounded-sm underline underline-offset-4 hover:text-primary">
          {ts('forgotPassword')}
        </Link>
      </div>
      <SubmitButton className="w-full">{ts('submit')}</SubmitButton>
    </form>
  );
}
