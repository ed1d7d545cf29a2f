import { connection } from 'next/server';
import packageJson from '@/package.json';
import { logServerError } from '@/lib/log/server-log';
import { supabasePublishableKey, supabaseUrl } from '@/lib/supabase/config';

// Long enough for a healthy auth server across a region, short enough for a load balancer's probe.
const authTimeoutMs = 2000;

/** Whether the auth server answers its own health check in time. */
async function authReachable(): Promise<boolean> {
  try {
    const response = await fetch(`${supabaseUrl}/auth/v1/health`, {
      headers: { apikey: supabasePublishableKey },
      cache: 'no-store',
      signal: AbortSignal.timeout(authTimeoutMs),
    });
    await response.body?.cancel();
    if (response.ok) return true;
    logServerError({ path: '/api/health', code: `auth_health_${response.status}` });
  } catch (error) {
    logServerError({ path: '/api/health', code: 'auth_unreachable', error });
  }
  return false;
}

/**
 * Per request, never stored: the app answers 200 whenever it runs (it can serve its public pages without the
 * auth server), and `status` says whether sign-in works too.
 */
export async function GET() {
  await connection();
  const auth = await authReachable();
  return Response.json(
    {
      status: auth ? 'ok' : 'degraded',
      version: packageJson.version,
      auth: auth ? 'reachable' : 'unreachable',
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
