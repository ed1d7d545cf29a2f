import { createSupabaseServerClient } from '@/lib/supabase/server-client';
import { identityOf, type SessionIdentity } from './session-identity';

export interface SessionClaims {
  identity: SessionIdentity;
  userMetadata: Record<string, unknown>;
}

/**
 * Who the session cookie says is signed in, verified locally from the access token (no auth-server request
 * while it is valid). Enough for showing a page; anything that changes data asks getUser() instead.
 */
export async function sessionClaims(): Promise<SessionClaims | null> {
  try {
    const supabase = await createSupabaseServerClient();
    const { data } = await supabase.auth.getClaims();
    const identity = data?.claims ? identityOf(data.claims) : null;
    return identity ? { identity, userMetadata: data?.claims.user_metadata ?? {} } : null;
  } catch {
    // An unreachable auth server or a malformed cookie counts as signed out.
    return null;
  }
}
