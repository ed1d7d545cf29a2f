'use client';

import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { Label } from '@/components/ui/label';
import { updateProfile } from '@/lib/auth/actions/account-profile';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { locales, nativeLanguageName } from '@/i18n/locales';

export function ProfileForm({
  displayName,
  preferredLocale,
}: {
  displayName: string;
  preferredLocale: string;
}) {
  const t = useTranslations('Account');
  const tf = useTranslations('AuthForm');
  const locale = useLocale();
  const { state, formProps, errors } = useValidatedAction(
    updateProfile,
    loadFormSchema((schemas) => schemas.profileSchema),
  );
  const selected = state.values?.preferredLocale ?? preferredLocale;
  return (
    <form {...formProps} noValidate className="grid gap-4">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <FormField
        idPrefix="profile"
        name="displayName"
        label={tf('displayName')}
        autoComplete="name"
        required
        defaultValue={state.values?.displayName ?? displayName}
        error={errors.displayName}
      />
      <div className="grid gap-2">
        <Label htmlFor="profile-preferredLocale">{t('preferredLanguage')}</Label>
        <select
          id="profile-preferredLocale"
          name="preferredLocale"
          defaultValue={selected}
          aria-invalid={errors.preferredLocale ? true : undefined}
          aria-describedby={errors.preferredLocale ? 'profile-preferredLocale-error' : undefined}
          className="h-control rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring dark:bg-input/30"
        >
          {locales.map((code) => (
            <option key={code} value={code} lang={code}>
              {nativeLanguageName(code)}
            </option>
          ))}
        </select>
        {errors.preferredLocale ? (
          <p id="profile-preferredLocale-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.preferredLocale}
          </p>
        ) : null}
      </div>
      <SubmitButton className="justify-self-start">{t('saveProfile')}</SubmitButton>
    </form>
  );
}
