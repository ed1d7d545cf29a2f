import { type AppLocale, isAppLocale } from './locales';

interface Weighted {
  tag: string;
  q: number;
  order: number;
}

function parse(header: string): Weighted[] {
  const entries: Weighted[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || !/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value);
      q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
    }
    if (q > 0) entries.push({ tag, q, order });
  });
  // Highest quality first; equal qualities keep the header's order.
  return entries.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The best supported locale for an Accept-Language header (`de-AT` → `de`), or undefined. */
export function matchAcceptLanguage(header: string | null | undefined): AppLocale | undefined {
  if (!header) return undefined;
  for (const { tag } of parse(header.slice(0, 1024))) {
    if (tag === '*') return undefined;
    const base = tag.split('-')[0];
    if (isAppLocale(tag)) return tag;
    if (isAppLocale(base)) return base;
  }
  return undefined;
}

