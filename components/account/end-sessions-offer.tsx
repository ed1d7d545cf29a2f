'use client';

import { useLocale } from 'next-intl';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { endOtherSessions } from '@/lib/account-sessions/session-actions';
import type { FormState } from '@/lib/forms/form-state';

/**
 * After a second-factor change, the offer to end the user's other sessions (ASVS 7.4.3): a plain form, so it works
 * without JavaScript; the action answers with "Your sessions". Outside the form that made the change.
 */
export function EndSessionsOffer({ state }: { state: FormState }) {
  const locale = useLocale();
  const offer = state.status === 'success' ? state.endSessionsOffer : undefined;
  if (!offer) return null;
  return (
    <Alert role="note" data-testid="end-sessions-offer">
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{offer.message}</p>
        <form action={endOtherSessions}>
          <input type="hidden" name="locale" value={locale} />
          <SubmitButton variant="outline" size="sm">
            {offer.button}
          </SubmitButton>
        </form>
      </AlertDescription>
    </Alert>
  );
}
