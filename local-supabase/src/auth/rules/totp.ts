import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as GoTrue does it with pquerna/otp: 20-byte secrets in unpadded base32, SHA1, 6 digits, 30 s steps, one step
 * of skew either way. The otpauth library does the HMAC work.
 */
const PERIOD = 30;
const DIGITS = 6;
const SKEW = 1;

export interface TotpKey {
  secret: string;
  uri: string;
  /** Raw SVG markup (supabase-js adds the `data:image/svg+xml;utf-8,` prefix). */
  qrCode: string;
}

/** Go's url escaping: `segment` is PathEscape (query values), otherwise the URL path. */
function goEscape(text: string, segment: boolean): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    const keep = /[A-Za-z0-9\-_.~]/.test(c) || (segment ? '$&+:=@'.includes(c) : '$&+,/:;=@'.includes(c));
    out += keep ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** pquerna's key URL: `otpauth://totp/<issuer>:<account>?` with the parameters sorted and path-escaped. */
function keyUri(issuer: string, account: string, secret: string): string {
  const query = { algorithm: 'SHA1', digits: String(DIGITS), issuer, period: String(PERIOD), secret };
  const encoded = Object.entries(query)
    .map(([k, v]) => `${k}=${goEscape(v, true)}`)
    .join('&');
  return `otpauth://totp/${goEscape(`${issuer}:${account}`, false)}?${encoded}`;
}

/** A new key for `account` (the user's email), with the QR code of its URI (error correction H, as GoTrue). */
export async function generateTotpKey(issuer: string, account: string): Promise<TotpKey> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = keyUri(issuer, account, secret);
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 });
  return { secret, uri, qrCode };
}

/**
 * The time step the code belongs to (now ± SKEW), or undefined when it matches none. The code is trimmed and must
 * have exactly six characters, as pquerna's ValidateCustom requires.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const token = code.trim();
  if (token.length !== DIGITS) return undefined;
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  });
  const delta = totp.validate({ token, timestamp: now, window: SKEW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}
