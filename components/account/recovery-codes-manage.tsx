'use client';

import { useActionState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormContextFields } from '@/components/auth/form-context-fields';
import { CodeField } from '@/components/forms/code-field';
import { FactorChoice, type FactorOption } from '@/components/forms/factor-choice';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { manageRecoveryCodes } from '@/lib/auth/actions/recovery-codes';
import type { SecondFactorWays } from '@/lib/auth/two-factor';
import type { RecoveryCodesState } from '@/lib/auth/recovery-codes';
import { RecoveryCodesDisplay } from './recovery-codes-display';
import { summaryButton } from './summary-button';

type Intent = 'generate' | 'regenerate' | 'delete';

const idle: RecoveryCodesState = { status: 'idle' };

/**
 * The account page's recovery codes: how many are left, and creating, replacing or deleting them, each confirmed
 * with a code from one of the user's apps (a <details> per action, so no JavaScript is needed).
 */
export function RecoveryCodesManage({
  apps,
  ways,
  summary,
  hasCodes,
  answer,
}: {
  apps: FactorOption[];
  ways: SecondFactorWays;
  /** "7 of 10 recovery codes left.", formatted on the server. */
  summary: string;
  hasCodes: boolean;
  answer?: RecoveryCodesState;
}) {
  const t = useTranslations('RecoveryCodes');
  const tf = useTranslations('TwoFactor');
  const locale = useLocale();
  const [state, action] = useActionState(manageRecoveryCodes, answer ?? idle);
  const failed = state.status === 'error' ? state.values?.intent : undefined;
  const intents: Intent[] = hasCodes ? ['regenerate', 'delete'] : ['generate'];
  const texts = {
    generate: { summary: t('generateSummary'), hint: undefined, submit: t('generateSubmit') },
    regenerate: { summary: t('regenerateSummary'), hint: t('regenerateHint'), submit: t('regenerateSubmit') },
    delete: { summary: t('deleteSummary'), hint: t('deleteHint', { ways }), submit: t('deleteSubmit') },
  } as const;
  return (
    <div className="grid gap-3" data-testid="recovery-codes">
      {state.status === 'success' ? <FormMessage state={state} /> : null}
      {state.codes ? <RecoveryCodesDisplay codes={state.codes} ways={ways} /> : null}
      <p data-testid="recovery-codes-summary">{summary}</p>
      {intents.map((intent) => (
        <details key={intent} open={failed === intent || undefined}>
          <summary className={summaryButton(intent === 'delete')}>{texts[intent].summary}</summary>
          <form action={action} noValidate className="mt-3 grid gap-3">
            <FormContextFields locale={locale} />
            <input type="hidden" name="intent" value={intent} />
            {failed === intent ? <FormMessage state={state} /> : null}
            {texts[intent].hint ? (
              <p className="text-sm text-muted-foreground">{texts[intent].hint}</p>
            ) : null}
            <FactorChoice
              factors={apps}
              legend={tf('whichApp')}
              selected={failed === intent ? state.values?.factorId : undefined}
            />
            <CodeField
              idPrefix={`recovery-${intent}`}
              name="code"
              label={t('stepUpCode')}
              maxLength={16}
              defaultValue={failed === intent ? state.values?.code : undefined}
              error={failed === intent ? state.fieldErrors?.code : undefined}
            />
            <SubmitButton
              variant={intent === 'delete' ? 'destructive' : 'outline'}
              className="justify-self-start"
            >
              {texts[intent].submit}
            </SubmitButton>
          </form>
        </details>
      ))}
    </div>
  );
}
