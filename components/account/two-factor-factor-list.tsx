'use client';

import { useActionState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { CodeField } from '@/components/forms/code-field';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { isolatedText } from '@/i18n/isolate';
import { removeTwoFactor } from '@/lib/auth/actions/two-factor';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { EndSessionsOffer } from './end-sessions-offer';
import { summaryButton } from './summary-button';

interface FactorRow {
  id: string;
  name: string;
  /** "Added on …", formatted on the server in the page's language. */
  added: string;
}

/**
 * The verified authenticator apps; each one's removal asks for a code from it (a <details>, so no JavaScript is
 * needed). Rendered with no apps too, so the message of a removal outlives the last row.
 */
export function TwoFactorFactorList({
  factors,
  on,
  answer,
}: {
  factors: FactorRow[];
  /** The user has an app or a security key: two-factor authentication is on. */
  on: boolean;
  answer?: FormState;
}) {
  const t = useTranslations('TwoFactor');
  const locale = useLocale();
  const [state, action] = useActionState(removeTwoFactor, answer ?? initialFormState);
  const failedId = state.status === 'error' ? state.values?.factorId : undefined;
  return (
    <div className="grid gap-3">
      {state.status === 'success' ? <FormMessage state={state} /> : null}
      <EndSessionsOffer state={state} />
      {on ? (
        <p data-testid="two-factor-on">{t('statusOn')}</p>
      ) : (
        <p data-testid="two-factor-off">{t('statusOff')}</p>
      )}
      {factors.length > 0 ? <h3 className="text-sm font-medium">{t('factorsTitle')}</h3> : null}
      <ul className="grid gap-3 empty:hidden">
        {factors.map((factor) => (
          <li key={factor.id} className="grid gap-2 rounded-md border p-3" data-testid="two-factor-app">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <bdi className="font-medium">{factor.name}</bdi>
              <span className="text-sm text-muted-foreground">{factor.added}</span>
            </div>
            <details open={failedId === factor.id || undefined} className="group">
              <summary className={summaryButton(true)}>{t('removeSummary')}</summary>
              <form action={action} noValidate className="mt-3 grid gap-3">
                <FormContextFields locale={locale} />
                <input type="hidden" name="factorId" value={factor.id} />
                {failedId === factor.id ? <FormMessage state={state} /> : null}
                <CodeField
                  idPrefix={`remove-${factor.id}`}
                  name="code"
                  label={t.markup('removeCode', { name: factor.name, ...isolatedText })}
                  maxLength={16}
                  defaultValue={failedId === factor.id ? state.values?.code : undefined}
                  error={failedId === factor.id ? state.fieldErrors?.code : undefined}
                />
                <SubmitButton variant="destructive" className="justify-self-start">
                  {t('removeSubmit')}
                </SubmitButton>
              </form>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
