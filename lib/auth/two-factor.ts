import type { FormState } from '@/lib/forms/form-state';

// Two-factor sign-in with authenticator apps (TOTP): what the account page's forms hold between steps, and how
// the auth server's enrollment answer is shown.

/** A factor enrolled but not yet confirmed with a first code: what the account page shows while it waits. */
export interface PendingEnrollment {
  factorId: string;
  name: string;
  /** The QR code as an <img> source (see qrImageSource). */
  qrImage: string;
  /** The shared secret, base32, for typing into an app that cannot scan. */
  secret: string;
}

export interface EnrollmentState extends FormState {
  enrollment?: PendingEnrollment;
  /** Recovery codes made when the first app was confirmed, shown once. */
  codes?: string[];
}

/**
 * The second factors a user has, as sentences name them: authenticator apps, security keys (passkeys used as a
 * second factor), or both.
 */
export type SecondFactorWays = 'app' | 'keys' | 'both';

/** The user's ways from their verified factors (`totp`, `webauthn`); undefined without either. */
export function secondFactorWays(factors: readonly { type: string }[]): SecondFactorWays | undefined {
  const apps = factors.some((factor) => factor.type === 'totp');
  const keys = factors.some((factor) => factor.type === 'webauthn');
  return apps && keys ? 'both' : apps ? 'app' : keys ? 'keys' : undefined;
}

/** The friendly name GoTrue stores for a factor: required here (two unnamed factors would clash), at most this long. */
export const factorNameLength = 60;

const svgDataPrefix = /^data:image\/svg\+xml[^,]*,/;

/**
 * An <img> source for the QR code of an enrollment. GoTrue answers with raw SVG markup, which supabase-js prefixes
 * with `data:image/svg+xml;utf-8,` unescaped; markup with `#` or `%` in it would break that URL, so it is encoded
 * here. GoTrue's SVG has a width and height but no viewBox (it would not scale): one is added from them.
 */
export function qrImageSource(qrCode: string): string {
  let svg = qrCode.replace(svgDataPrefix, '');
  const size = /<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"[^>]*?\sheight="(\d+(?:\.\d+)?)"/.exec(svg);
  if (size && !/<svg\b[^>]*\sviewBox=/.test(svg))
    svg = svg.replace(/<svg\b/, `<svg viewBox="0 0 ${size[1]} ${size[2]}"`);
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** `JBSWY3DPEHPK3PXP…` → `JBSW Y3DP EHPK 3PXP …`: groups of four are easier to read out and type. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}
