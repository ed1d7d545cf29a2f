import { ApiError, type ErrorLog, OAuthError, unexpectedFailure, WeakPasswordError } from '../errors.ts';

const API_VERSION_2024 = '2024-01-01';

/** The newer envelope is chosen by the request's X-Supabase-Api-Version (a date); older or absent → legacy shape. */
function usesNewEnvelope(requestedVersion: string | undefined): boolean {
  if (!requestedVersion || !/^\d{4}-\d{2}-\d{2}$/.test(requestedVersion)) return false;
  return requestedVersion >= API_VERSION_2024;
}

/** The error as GoTrue writes it: `{code, message}` for 2024-01-01 clients, `{code, error_code, msg}` before. */
export function errorResponse(err: ApiError, requestedVersion: string | undefined): Response {
  const modern = usesNewEnvelope(requestedVersion);
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (modern) headers.set('X-Supabase-Api-Version', API_VERSION_2024);
  // An oversized body is left unread, so the connection cannot carry another request (Go's server closes it too).
  if (err.status === 413) headers.set('Connection', 'close');
  let body: Record<string, unknown>;
  if (err instanceof OAuthError) {
    body = { error: err.code, error_description: err.message };
  } else {
    if (!modern || !(err instanceof WeakPasswordError)) headers.set('x-sb-error-code', err.code);
    body = modern
      ? { code: err.code, message: err.message }
      : { code: err.status, error_code: err.code, msg: err.message };
    if (err instanceof WeakPasswordError) body.weak_password = { reasons: err.reasons };
    else if (!modern && err.status >= 500) body.error_id = crypto.randomUUID();
  }
  return new Response(JSON.stringify(body), { status: err.status, headers });
}

/** Logs an error answered for `request` (e.g. `POST /token`) and returns its response. */
export function answerError(
  err: unknown,
  request: string,
  requestedVersion: string | undefined,
  log: ErrorLog,
): Response {
  if (err instanceof ApiError) {
    log.clientError(`${request} ${err.status} ${err.code}`);
    return errorResponse(err, requestedVersion);
  }
  log.failure(
    `${request} 500 unexpected_failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
  return errorResponse(unexpectedFailure(), requestedVersion);
}
