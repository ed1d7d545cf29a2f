import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/i18n/messages';

/** The messages the team pages' client components need (the layout hands the browser only its own few). */
export async function TeamsMessages({ children }: { children: ReactNode }) {
  const messages = pickMessages(await getMessages(), ['Teams', 'Validation', 'AuthForm']);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}

/** The team pages' frame: the same width and spacing as the notes pages. */
export function TeamsPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-12">{children}</div>;
}
