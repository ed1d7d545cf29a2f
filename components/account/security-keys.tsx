'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useState } from 'react';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { FormField } from '@/components/forms/form-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import {
  addSecurityKey,
  removeSecurityKey,
  type SecurityKeyAddState,
  securityKeyEnrollOptions,
  securityKeyProofOptions,
} from '@/lib/auth/actions/security-keys';
import { proveCredential, createCredential } from '@/lib/auth/webauthn-ceremony';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { useHydrated } from '@/lib/use-browser-value';
import { EndSessionsOffer } from './end-sessions-offer';
import { RecoveryCodesDisplay } from './recovery-codes-display';
import { summaryButton } from './summary-button';

// Security keys and passkeys as a second factor, on the account page's two-factor section. WebAuthn needs
// JavaScript: without it the buttons stay disabled and say why.

export interface SecurityKeyRow {
  id: string;
  name: string;
  /** "Added on …", formatted on the server in the page's language. */
  added: string;
}

function NeedsScript() {
  const t = useTranslations('SecurityKeys');
  const hydrated = useHydrated();
  return hydrated ? null : <p className="text-sm text-muted-foreground">{t('needsScript')}</p>;
}

/**
 * Adds a key: a factor and its creation options from the server, the browser's prompt, the new credential back; with
 * the first key, the recovery codes made for it.
 */
export function SecurityKeyAddForm({ hasApps }: { hasApps: boolean }) {
  const t = useTranslations('SecurityKeys');
  const te = useTranslations('AuthErrors');
  const locale = useLocale();
  const hydrated = useHydrated();

  function add(previous: SecurityKeyAddState, formData: FormData): Promise<SecurityKeyAddState> {
    return createCredential(
      { options: securityKeyEnrollOptions, verify: addSecurityKey, message: (key) => te(key) },
      previous,
      formData,
      { name: String(formData.get('name') ?? '') },
    );
  }

  const [state, action] = useActionState<SecurityKeyAddState, FormData>(add, initialFormState);
  return (
    <div className="grid gap-4">
      <form action={action} noValidate className="grid gap-4" data-testid="security-key-add-form">
        <FormContextFields locale={locale} />
        <FormMessage state={state} />
        {state.codes ? <RecoveryCodesDisplay codes={state.codes} ways={hasApps ? 'both' : 'keys'} /> : null}
        <FormField
          idPrefix="security-key"
          name="name"
          label={t('nameLabel')}
          description={t('nameHint')}
          autoComplete="off"
          required
          defaultValue={state.status === 'success' ? '' : state.values?.name}
          error={state.fieldErrors?.name}
        />
        <NeedsScript />
        <SubmitButton className="justify-self-start" disabled={!hydrated} pendingLabel={t('waiting')}>
          {t('add')}
        </SubmitButton>
      </form>
      <EndSessionsOffer state={state} />
    </div>
  );
}

/** One key of the list; removing it asks the key itself once more (a fresh proof, as an app's code does). */
function SecurityKeyItem({
  item,
  onRemoved,
}: {
  item: SecurityKeyRow;
  onRemoved: (state: FormState) => void;
}) {
  const t = useTranslations('SecurityKeys');
  const te = useTranslations('AuthErrors');
  const locale = useLocale();
  const hydrated = useHydrated();

  async function remove(previous: FormState, formData: FormData): Promise<FormState> {
    const result = await proveCredential(
      { options: securityKeyProofOptions, verify: removeSecurityKey, message: (key) => te(key) },
      previous,
      formData,
    );
    if (result.status === 'success') onRemoved(result);
    return result;
  }

  const [state, action] = useActionState(remove, initialFormState);
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="security-key">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <bdi className="font-medium">{item.name}</bdi>
        <span className="text-sm text-muted-foreground">{item.added}</span>
      </div>
      <details className="group">
        <summary className={summaryButton(true)}>{t('removeSummary')}</summary>
        <form action={action} noValidate className="mt-3 grid gap-3">
          <FormContextFields locale={locale} />
          <input type="hidden" name="factorId" value={item.id} />
          {state.status === 'error' ? <FormMessage state={state} /> : null}
          <p className="text-sm">{t('removeHint')}</p>
          <NeedsScript />
          <SubmitButton
            variant="destructive"
            className="justify-self-start"
            disabled={!hydrated}
            pendingLabel={t('waiting')}
          >
            {t('removeSubmit')}
          </SubmitButton>
        </form>
      </details>
    </li>
  );
}

/** The verified keys, each removable; the message of a removal stays after its row is gone. */
export function SecurityKeyList({ keys }: { keys: SecurityKeyRow[] }) {
  const t = useTranslations('SecurityKeys');
  const [removed, setRemoved] = useState<FormState>(initialFormState);
  return (
    <div className="grid gap-3">
      {removed.status === 'success' ? <FormMessage state={removed} /> : null}
      <EndSessionsOffer state={removed} />
      {keys.length ? <h4 className="text-sm font-medium">{t('listTitle')}</h4> : null}
      <ul className="grid gap-3 empty:hidden">
        {keys.map((item) => (
          <SecurityKeyItem key={item.id} item={item} onRemoved={setRemoved} />
        ))}
      </ul>
    </div>
  );
}
