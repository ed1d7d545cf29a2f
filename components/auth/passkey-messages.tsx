import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/i18n/messages';
import { passkeyBrowserKeys } from '@/lib/auth/passkey-errors';

/**
 * The messages the passkey components use in the browser: their own, the form words, and of the AuthErrors only
 * the outcomes of the browser's prompt (the server actions translate the auth server's answers themselves).
 */
export async function PasskeyMessages({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  const authErrors = messages.AuthErrors as AbstractIntlMessages;
  const picked = {
    ...pickMessages(messages, ['Passkeys', 'AuthForm', 'Validation']),
    AuthErrors: pickMessages(authErrors, passkeyBrowserKeys),
  };
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
