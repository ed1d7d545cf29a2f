/** One value of a page's search param (Next gives string | string[] | undefined); the first if repeated. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length <= 2048 ? first : undefined;
}

/**
 * The entry of a fixed table that a value from outside (a query parameter, an error code) names, looked up in the
 * table's own keys only: `constructor`, `__proto__` or `toString` name nothing, not Object.prototype's members.
 */
export function ownEntry<T extends Record<string, string>>(
  table: T,
  key: string | null | undefined,
): T[keyof T] | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key as keyof T] : undefined;
}
