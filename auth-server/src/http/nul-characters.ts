import { badRequest } from '../errors.ts';

// Postgres text cannot hold U+0000: such input is refused up front instead of failing inside the database.
const message = 'Request contains a NUL character';

export function refuseNul(value: string): string {
  if (value.includes('\u0000')) throw badRequest('validation_failed', message);
  return value;
}

export function refuseNulInQuery(query: URLSearchParams): void {
  for (const value of query.values()) refuseNul(value);
}

/** A JSON.parse reviver that refuses NUL characters in any string, key or value. */
export function nulFreeReviver(key: string, value: unknown): unknown {
  refuseNul(key);
  return typeof value === 'string' ? refuseNul(value) : value;
}
