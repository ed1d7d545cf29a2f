'use client';

import { useLocale, useTranslations } from 'next-intl';
import { CodeField } from '@/components/forms/code-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Link } from '@/components/navigation/link';
import { isolated } from '@/i18n/isolate';
import { verifyEmailCode } from '@/lib/auth/actions/email-link';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { FormContextFields } from './form-context-fields';

export function EmailCodeForm({ email }: { email: string }) {
  const te = useTranslations('EmailLink');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    verifyEmailCode,
    loadFormSchema((schemas) => schemas.otpSchema),
  );

  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <input type="hidden" name="email" value={email} />
      <Alert role="status">
        <AlertDescription className="text-foreground">
          {te.rich('sent', { email, ...isolated })}
        </AlertDescription>
      </Alert>
      <FormMessage state={state} />
      <CodeField name="code" label={te('code')} error={errors.code ?? errors.email} />
      <SubmitButton className="w-full">{te('verify')}</SubmitButton>
      <Link
        href="/sign-in/email-link"
        className="justify-self-center rounded-sm text-sm underline underline-offset-4"
      >
        {te('otherEmail')}
      </Link>
    </form>
  );
}
