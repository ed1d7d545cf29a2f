import type { createFormatter } from 'next-intl';

/** A size in the locale's digits and unit, bytes, kB or MB as it reads best: the same from a server or client formatter. */
export function fileSize(format: Pick<ReturnType<typeof createFormatter>, 'number'>, bytes: number): string {
  if (bytes >= 1024 * 1024)
    return format.number(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  if (bytes >= 1024)
    return format.number(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return format.number(bytes, { style: 'unit', unit: 'byte' });
}
