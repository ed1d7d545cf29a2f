import type { AbstractIntlMessages, Messages } from 'next-intl';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/i18n/messages';
import { passkeyBrowserKeys } from '@/lib/auth/passkey-errors';

/**
 * The messages the passkey components use in the browser: their own, the form words where they have forms
 * (`forms`: the account page's), and of the AuthErrors only the outcomes of the browser's prompt (the server
 * actions translate the auth server's answers themselves).
 */
export async function PasskeyMessages({
  children,
  forms = false,
  namespaces = ['Passkeys'],
}: {
  children: ReactNode;
  forms?: boolean;
  /** Whose components these are: the passkeys' or the security keys' (two-factor). */
  namespaces?: ('Passkeys' | 'SecurityKeys' | 'RecoveryCodes')[];
}) {
  const messages = await getMessages();
  const authErrors = messages.AuthErrors as AbstractIntlMessages;
  const picked = {
    ...pickMessages(messages, forms ? [...namespaces, 'AuthForm', 'Validation'] : namespaces),
    AuthErrors: pickMessages<Messages['AuthErrors']>(authErrors, passkeyBrowserKeys),
  };
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
