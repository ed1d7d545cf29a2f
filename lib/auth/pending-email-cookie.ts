import { cookies } from 'next/headers';
import { authCookieOptions } from '@/lib/supabase/config';

// Remembers, for the "check your inbox" screen and its resend button, which address we just wrote to.
// HttpOnly and short-lived, so the address never sits in a URL or in browser-readable storage.
const name = 'polyglot-pending-email';

export async function rememberPendingEmail(email: string): Promise<void> {
  const store = await cookies();
  store.set(name, email, { ...authCookieOptions, maxAge: 60 * 60 });
}

export async function pendingEmail(): Promise<string | undefined> {
  const value = (await cookies()).get(name)?.value;
  return value && value.length <= 254 && value.includes('@') ? value : undefined;
}
