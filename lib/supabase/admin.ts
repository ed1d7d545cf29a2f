import { createClient } from '@supabase/supabase-js';
import { authFetch } from './auth-fetch';
import type { Database } from './database.types';
import { env } from '@/lib/env/env';
import { supabaseUrl } from './config';

// Node runtime, server actions only. The secret key bypasses every rule: no browser chunk may contain it
// (tests/e2e/auth/edge-and-bundle.spec.ts checks). The CLI's well-known key is a fallback for the loopback server only.

export function createSupabaseAdminClient() {
  if (typeof window !== 'undefined') throw new Error('The Supabase admin client is server-only.');
  const secretKey = env.supabaseSecretKey;
  if (!secretKey) throw new Error('SUPABASE_SECRET_KEY must be set when using hosted Supabase.');
  return createClient<Database>(supabaseUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: authFetch() },
  });
}
