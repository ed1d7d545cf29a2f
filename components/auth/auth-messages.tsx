import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { type Namespace, pickMessages } from '@/i18n/messages';

// Only auth screens need these in the browser; the layout keeps its own small set for every other page.
const authClientNamespaces = [
  'AuthForm',
  'PasswordPolicy',
  'Validation',
  'SignUp',
  'SignIn',
  'CheckEmail',
  'EmailLink',
  'EmailCode',
  'ForgotPassword',
  'ResetPassword',
  'Account',
] as const satisfies Namespace[];

export async function AuthMessages({ children }: { children: ReactNode }) {
  const messages = pickMessages(await getMessages(), authClientNamespaces);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
