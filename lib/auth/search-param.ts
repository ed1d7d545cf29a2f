/** One value of a page's search param (Next gives string | string[] | undefined); the first if repeated. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length <= 2048 ? first : undefined;
}
