import type { ServerResponse } from 'node:http';

/** An error answered with GoTrue's JSON envelope (see supabase-auth-wire.md §1.3). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** GoTrue answers weak passwords with an extra `weak_password.reasons` member, always 422. */
export class WeakPasswordError extends ApiError {
  readonly reasons: string[];
  constructor(message: string, reasons: string[]) {
    super(422, 'weak_password', message);
    this.reasons = reasons;
  }
}

/** OAuth-style `{error, error_description}` bodies, used by GoTrue for a few refresh-token errors. */
export class OAuthError extends ApiError {
  constructor(error: string, description: string) {
    super(400, error, description);
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message);

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** The newer envelope is chosen by the request's X-Supabase-Api-Version (a date); older or absent → legacy shape. */
export function usesNewEnvelope(requestedVersion: string | undefined): boolean {
  if (!requestedVersion || !/^\d{4}-\d{2}-\d{2}$/.test(requestedVersion)) return false;
  return requestedVersion >= API_VERSION_2024;
}

export function writeError(res: ServerResponse, err: ApiError, requestedVersion: string | undefined): void {
  const modern = usesNewEnvelope(requestedVersion);
  if (modern) res.setHeader('X-Supabase-Api-Version', API_VERSION_2024);
  let body: Record<string, unknown>;
  if (err instanceof OAuthError) {
    body = { error: err.code, error_description: err.message };
  } else if (err instanceof WeakPasswordError) {
    body = modern
      ? { code: err.code, message: err.message, weak_password: { reasons: err.reasons } }
      : { code: 422, error_code: err.code, msg: err.message, weak_password: { reasons: err.reasons } };
    if (!modern) res.setHeader('x-sb-error-code', err.code);
  } else {
    res.setHeader('x-sb-error-code', err.code);
    body = modern ? { code: err.code, message: err.message } : { code: err.status, error_code: err.code, msg: err.message };
    if (!modern && err.status >= 500) body.error_id = crypto.randomUUID();
  }
  const text = JSON.stringify(body);
  res.statusCode = err.status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
