// Without these fonts Chromium on Linux draws Japanese as "NO GLYPH" boxes and Arabic in a fallback face, and the
// install dialog shows those pictures. Debian ships them as fonts-noto-cjk and fonts-noto-core.
export const requiredFonts = [
  { lang: 'ja', family: /Noto Sans CJK JP/, name: 'Noto Sans CJK JP' },
  { lang: 'ar', family: /Noto (Sans|Naskh) Arabic/, name: 'Noto Sans Arabic or Noto Naskh Arabic' },
] as const;

/** The required fonts missing from `fc-list :lang=<lang> family` output (one family list per line). */
export function missingFonts(familiesFor: (lang: string) => string): string[] {
  return requiredFonts.filter(({ lang, family }) => !family.test(familiesFor(lang))).map(({ name }) => name);
}

export function missingFontsMessage(missing: readonly string[]): string {
  return (
    `Refusing to capture screenshots: missing ${missing.join(', ')} (checked with fc-list). ` +
    'Install them first, e.g. `apt-get install fonts-noto-cjk fonts-noto-core`.'
  );
}
