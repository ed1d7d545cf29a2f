import { createSupabaseServerClient } from '@/lib/supabase/server-client';

export interface SessionIdentity {
  id: string;
  email: string;
  displayName?: string;
}

/**
 * Who the session cookie says is signed in, verified locally from the access token (no auth-server request).
 * Enough for showing a name; anything that changes data asks getUser() instead.
 */
export async function sessionIdentity(): Promise<SessionIdentity | null> {
  try {
    const supabase = await createSupabaseServerClient();
    const { data } = await supabase.auth.getClaims();
    const claims = data?.claims;
    if (!claims || typeof claims.sub !== 'string') return null;
    // Our sign-up stores display_name; OAuth providers give full_name or name.
    const metadata = claims.user_metadata ?? {};
    const name: unknown = metadata.display_name ?? metadata.full_name ?? metadata.name;
    return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '', displayName: typeof name === 'string' ? name : undefined };
  } catch {
    // An unreachable auth server must not take public pages down: show the signed-out header.
    return null;
  }
}
