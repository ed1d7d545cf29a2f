/**
 * PostgREST's error answers (src/PostgREST/Error.hs): a body `{code, message, details, hint}` and a status; codes
 * PGRSTgxx for its own errors, the SQLSTATE for database errors.
 */
export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | unknown[] | null;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | unknown[] | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): string {
    return JSON.stringify({ code: this.code, details: this.details, hint: this.hint, message: this.message });
  }
}

/** QPError: a query parameter PostgREST's parser refused. */
export const parseError = (message: string, details: string) =>
  new RestError(400, 'PGRST100', message, details);

export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message);

export const unacceptableSchema = (schema: string, exposed: readonly string[]) =>
  new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );

export const singularity = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const columnNotFound = (relation: string, column: string) =>
  new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

export const tableNotFound = (schema: string, name: string) =>
  new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);

export const aggregatesNotAllowed = () =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

/** A database error as PostgREST forwards it (mapSQLtoHTTP). */
export interface PgErrorFields {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function statusForSqlState(sqlState: string, message: string, authenticated: boolean): number {
  const two = sqlState.slice(0, 2);
  switch (sqlState) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      // pg-safeupdate's refusal is the client's error; other cardinality violations are the server's.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  if (two === '08' || two === '53') return 503;
  if (two === '0L' || two === '0P' || two === '28') return 403;
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(two)
  )
    return 500;
  if (two === 'PT') {
    const n = Number(sqlState.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  return 400;
}

export function fromPgError(err: PgErrorFields, authenticated: boolean): RestError {
  const code = err.code ?? 'PGRSTX00';
  const status = statusForSqlState(code, err.message, authenticated);
  return new RestError(
    status,
    code,
    err.message,
    err.detail ?? null,
    err.hint ?? null,
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}
