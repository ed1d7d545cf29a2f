// Runs once when a server starts (`npm start`, `next start`, a standalone build), before any request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ env, startWarnings }, { logServerWarning }] = await Promise.all([
    import('@/lib/env/env'),
    import('@/lib/log/server-log'),
  ]);
  for (const warning of startWarnings(env)) logServerWarning(warning);
}
