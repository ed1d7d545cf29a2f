'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useEffect, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { SubmitButton } from '@/components/forms/submit-button';
import { resendConfirmation } from '@/lib/auth/actions/resend-confirmation';
import { initialFormState } from '@/lib/forms/form-state';
import { FormContextFields } from './form-context-fields';

// Matches what people expect from "didn't get it?" buttons; Supabase enforces its own limit too.
const resendCooldownSeconds = 60;

/** Resend after a visible countdown. Without JavaScript the button is simply available (the server still limits). */
export function ResendConfirmation() {
  const t = useTranslations('CheckEmail');
  const locale = useLocale();
  const [state, formAction] = useActionState(resendConfirmation, initialFormState);
  const [secondsLeft, setSecondsLeft] = useState(0);

  // Every successful send (and the first render after sign-up) starts a new cooldown.
  useEffect(() => {
    const startedAt = Date.now();
    const tick = () =>
      setSecondsLeft(Math.max(0, resendCooldownSeconds - Math.floor((Date.now() - startedAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  return (
    <form action={formAction} className="grid gap-3">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <SubmitButton variant="outline" disabled={secondsLeft > 0} className="w-full">
        {t('resend')}
      </SubmitButton>
      <p className="text-sm text-muted-foreground" data-testid="resend-countdown">
        {secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : null}
      </p>
    </form>
  );
}
