'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { Link } from '@/components/navigation/link';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { isolated } from '@/i18n/isolate';
import { requestEmailLink } from '@/lib/auth/actions/email-link';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { EmailCodeForm } from './email-code-form';
import { FormContextFields } from './form-context-fields';

/** Step one asks for the address; once the email is out, step two takes the code (or the user opens the link). */
export function EmailLinkForm() {
  const t = useTranslations('AuthForm');
  const te = useTranslations('EmailLink');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    requestEmailLink,
    loadFormSchema((schemas) => schemas.emailOnlySchema),
  );
  const sentTo = state.status === 'success' ? state.values?.email : undefined;

  if (sentTo)
    return (
      <EmailCodeForm
        email={sentTo}
        type="email"
        label={te('code')}
        submitLabel={te('verify')}
        intro={
          <Alert role="status">
            <AlertDescription className="text-foreground">
              {te.rich('sent', { email: sentTo, ...isolated })}
            </AlertDescription>
          </Alert>
        }
        footer={
          <Link
            href="/sign-in/email-link"
            className="justify-self-center rounded-sm text-sm underline underline-offset-4"
          >
            {te('otherEmail')}
          </Link>
        }
      />
    );
  return (
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
      <SubmitButton className="w-full">{te('submit')}</SubmitButton>
    </form>
  );
}
