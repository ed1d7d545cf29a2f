import { createServerClient } from '@supabase/ssr';
import { cookies } from 'next/headers';
import { identityOf } from '@/lib/auth/session-identity';
import { SESSION_PRESENCE_COOKIE, sessionPresenceValue } from '@/lib/auth/session-presence';
import { sessionPresenceCookieOptions } from '@/lib/auth/session-presence-cookie';
import { authCookieOptions, supabasePublishableKey, supabaseUrl } from './config';

function writeCookies(write: () => void) {
  try {
    write();
  } catch {
    // Server components cannot write cookies; the middleware refreshes the session for them.
  }
}

/** A Supabase client for one request of a server component, server action or route handler. Never cache it. */
export async function createSupabaseServerClient() {
  const cookieStore = await cookies();
  const supabase = createServerClient(supabaseUrl, supabasePublishableKey, {
    cookieOptions: authCookieOptions,
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet) {
        writeCookies(() => {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        });
      },
    },
  });
  // Keep the header's sign-in hint in step with the session, whichever flow changed it.
  supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'SIGNED_OUT') {
      writeCookies(() => cookieStore.delete({ name: SESSION_PRESENCE_COOKIE, path: '/' }));
      return;
    }
    const identity = session && event !== 'INITIAL_SESSION' ? identityOf(session.user) : null;
    if (identity) {
      writeCookies(() =>
        cookieStore.set(SESSION_PRESENCE_COOKIE, sessionPresenceValue(identity), sessionPresenceCookieOptions),
      );
    }
  });
  return supabase;
}
