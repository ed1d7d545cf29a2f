'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { addPasskey, passkeyRegistrationOptions } from '@/lib/auth/actions/passkeys';
import { loadFormSchema } from '@/lib/auth/load-form-schema';
import { describeDevice } from '@/lib/auth/passkey-device-name';
import { createCredential } from '@/lib/auth/webauthn-ceremony';
import type { FormState } from '@/lib/forms/form-state';
import { useValidatedAction } from '@/lib/forms/use-validated-action';
import { useBrowserValue } from '@/lib/use-browser-value';
import { EndSessionsOffer } from './end-sessions-offer';

/**
 * "Chrome on Android": the name a new passkey is offered, from this browser (empty on the server), as plain text:
 * the list shows it in its direction (passkeyNameDirection), so nothing is stored but the words.
 */
function useDeviceName(): string {
  const t = useTranslations('Passkeys');
  return useBrowserValue(
    () => {
      const { browser, os } = describeDevice(navigator.userAgent, navigator.maxTouchPoints);
      if (browser && os) return t.markup('deviceName', { browser, os, bdi: (chunks) => chunks });
      return browser ?? os ?? t('defaultName');
    },
    () => '',
  );
}

/** Adds a passkey: options from the auth server, the browser's prompt, the new credential back with its name. */
export function PasskeyAddForm() {
  const t = useTranslations('Passkeys');
  const te = useTranslations('AuthErrors');
  const locale = useLocale();
  const suggestion = useDeviceName();
  // What the visitor typed; until then the suggestion. Kept whatever the outcome, until a passkey is added.
  const [typed, setTyped] = useState<string | null>(null);

  async function add(previous: FormState, formData: FormData): Promise<FormState> {
    const result = await createCredential(
      { options: passkeyRegistrationOptions, verify: addPasskey, message: (key) => te(key) },
      previous,
      formData,
      { name: String(formData.get('name') ?? '') },
    );
    if (result.status === 'success') setTyped(null);
    return result;
  }

  const { state, formProps, errors } = useValidatedAction(
    add,
    loadFormSchema((schemas) => schemas.passkeyNameSchema),
  );
  return (
    <div className="grid gap-4">
      <form {...formProps} noValidate className="grid gap-4" data-testid="passkey-add-form">
        <FormContextFields locale={locale} />
        <FormMessage state={state} />
        <FormField
          idPrefix="passkey"
          name="name"
          label={t('nameLabel')}
          description={t('nameHelp')}
          autoComplete="off"
          required
          value={typed ?? suggestion}
          onChange={(event) => setTyped(event.target.value)}
          error={errors.name}
        />
        <SubmitButton className="justify-self-start" pendingLabel={t('waiting')}>
          {t('add')}
        </SubmitButton>
      </form>
      <EndSessionsOffer state={state} />
    </div>
  );
}
