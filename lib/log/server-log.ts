// Server-side error log: one JSON line on stderr per error, with the request path and an error code, so an
// unreachable auth server shows up as such instead of as users being signed out. Runs on the edge and in Node
// (console only). Quiet under NODE_ENV=test and with POLYGLOT_LOG=off (the end-to-end server sets it).

import { logSilenced } from '@/lib/env/env';

interface ServerError {
  /** The request path (`/en/account`), or '-' when there is no request. */
  path: string;
  /** A stable, greppable code: Supabase's error code where there is one, else our own (`auth_unreachable`). */
  code: string;
  /** What was thrown or returned; only its message is logged (never tokens or cookies). */
  error?: unknown;
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return typeof error === 'string' ? error : undefined;
}

/** The line logServerError writes, without its timestamp (exported for its test). */
export function serverErrorLine({ path, code, error }: ServerError): Record<string, string> {
  const message = messageOf(error);
  return { level: 'error', path, code, ...(message ? { message: message.slice(0, 300) } : {}) };
}

export function logServerError(event: ServerError): void {
  if (logSilenced()) return;
  console.error(JSON.stringify({ time: new Date().toISOString(), ...serverErrorLine(event) }));
}

/** A setting that leaves a protection off, said once when the server starts (instrumentation.ts). */
export function logServerWarning(message: string): void {
  if (logSilenced()) return;
  console.warn(JSON.stringify({ time: new Date().toISOString(), level: 'warn', path: '-', message }));
}
