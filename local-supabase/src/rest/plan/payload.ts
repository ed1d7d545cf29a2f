import { RestError, columnNotFound, invalidBody } from '../errors.ts';
import type { Table } from '../schema-cache/schema-cache.ts';

/** A write's or a call's JSON body, and the columns a write touches. */

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody('Empty or invalid json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The rows of a write: one object or an array of objects. */
export function payloadRows(value: unknown): Record<string, unknown>[] {
  if (isObject(value)) return [value];
  if (Array.isArray(value) && value.every(isObject)) return value;
  throw invalidBody('All object keys must match');
}

/** The columns a write touches: `columns=`, or the keys of the payload's objects (which must all match). */
export function payloadColumns(
  table: Table,
  rows: Record<string, unknown>[],
  columns: string[] | undefined,
): string[] {
  let names: string[];
  if (columns) names = columns;
  else {
    const first = Object.keys(rows[0] ?? {});
    const same = (o: Record<string, unknown>) => {
      const keys = Object.keys(o);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    };
    if (!rows.every(same)) throw new RestError(400, 'PGRST102', 'All object keys must match');
    names = first;
  }
  for (const name of names) {
    if (!table.columnMap.has(name)) throw columnNotFound(table.name, name);
  }
  return names;
}
