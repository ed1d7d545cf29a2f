'use client';

import { useTranslations } from 'next-intl';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ownEntry } from '@/lib/http/search-param';
import { useAddressParam } from '@/lib/http/use-address-param';

const statusMessages = {
  'account-deleted': 'accountDeleted',
  'signed-out-everywhere': 'signedOutEverywhere',
  // Sign out everywhere, when the auth server could not end the other sessions (lib/account-sessions/session-actions.ts).
  'signed-out-here-only': 'signedOutHereOnly',
  'session-ended': 'sessionEnded',
  // A change to the email address, an authenticator app or a passkey, from a session older than a few minutes.
  'sign-in-again': 'signInAgain',
  // A private page whose session could not be checked in time (lib/session/edge.ts).
  unavailable: 'serviceUnavailable',
} as const;

/** Why the visitor was sent to sign-in (`?status=`), read in the browser so the page stays static. */
export function SignInStatus() {
  const t = useTranslations('SignIn');
  const key = ownEntry(statusMessages, useAddressParam('status'));
  if (!key) return null;
  return (
    <Alert role="status">
      <AlertDescription className="text-foreground">{t(key)}</AlertDescription>
    </Alert>
  );
}
