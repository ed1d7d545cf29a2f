import { authCookieOptions } from '@/lib/supabase/config';

/** Like the auth cookies (Secure, Lax, 400 days), but readable: the header's script needs it. */
export const sessionPresenceCookieOptions = {
  ...authCookieOptions,
  httpOnly: false,
  maxAge: 400 * 24 * 60 * 60,
} as const;
