import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/i18n/messages';

/** The messages the notes' client components need (the layout hands the browser only its own few). */
export async function NotesMessages({ children }: { children: ReactNode }) {
  const messages = pickMessages(await getMessages(), ['Notes', 'Validation', 'AuthForm']);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
