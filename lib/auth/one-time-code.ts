// Codes from authenticator apps and from our emails, as visitors type them.

/** The zero of each set of decimal digits a keyboard may give: ASCII, Arabic-Indic, Extended Arabic-Indic (Persian, Urdu), full-width. */
const digitZeros = [0x30, 0x660, 0x6f0, 0xff10] as const;
// Grouping a visitor or an app may add: spaces of every width, bidi marks picked up by copy and paste, dashes.
const separators = /[\s\u200e\u200f\u2066-\u2069\u061c\-\u2010-\u2015]/u;

/** `'١٢٣ ٤٥٦'`, `'１２３-４５６'` → `'123456'`: every digit as ASCII, separators dropped, anything else kept (and refused later). */
export function normalizeCode(raw: string): string {
  let code = '';
  for (const char of raw) {
    const point = char.codePointAt(0)!;
    const zero = digitZeros.find((start) => point >= start && point <= start + 9);
    if (zero !== undefined) code += String(point - zero);
    else if (!separators.test(char)) code += char;
  }
  return code;
}

type CodeProblem = 'codeRequired' | 'codeFormat';

/** A six-digit TOTP code from a form value, or what is wrong with it (a TwoFactor message key). */
export function totpCode(raw: FormDataEntryValue | null): { code: string } | { problem: CodeProblem } {
  const code = typeof raw === 'string' ? normalizeCode(raw) : '';
  if (!code) return { problem: 'codeRequired' };
  return /^\d{6}$/.test(code) ? { code } : { problem: 'codeFormat' };
}
