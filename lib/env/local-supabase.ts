// The local auth server (local-supabase/, started by `npm run dev` and the end-to-end tests) and the Supabase CLI's
// well-known keys it accepts, declared once: the app (lib/env/env.ts), scripts, tests and the benchmark read them
// here. The auth server imports nothing from the app and keeps its own copy; tests/unit/env.test.ts holds the two
// equal. Plain module without imports or path aliases: scripts run it with Node's type stripping.

export const localSupabaseUrl = 'http://127.0.0.1:54321';
export const localMailPort = 54324;
/** The mailbox's SMTP port, where the app's own mail goes locally (SMTP_URL unset). */
export const localSmtpPort = 54325;
export const localPublishableKey = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const localSecretKey = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** An http(s) URL on the loopback interface, where the local server runs and well-known keys are acceptable. */
export function isLoopbackUrl(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(url);
}
