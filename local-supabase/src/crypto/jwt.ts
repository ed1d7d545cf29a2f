import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { HS256_SECRET, PUBLISHABLE_KEY, SECRET_KEY, type SigningKey } from './keys.ts';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  aal: string;
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

/** Signs a user's access token: GoTrue's claims, or what the custom_access_token hook made of them. */
export async function signAccessToken(
  key: SigningKey,
  claims: AccessTokenClaims | Record<string, unknown>,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

/** What a Bearer credential turned out to be. */
export type Credential =
  { kind: 'none' } | { kind: 'api'; role: 'anon' | 'service_role' } | { kind: 'jwt'; claims: JWTPayload };

export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/**
 * Resolves Authorization like the CLI gateway + GoTrue pair: opaque sb_ keys map to anon/service_role, JWTs are
 * verified against the configured keys (by kid) or the local HS256 secret, as GoTrue's parseJWTClaims.
 */
export async function resolveCredential(
  key: SigningKey,
  authorization: string | undefined,
): Promise<Credential> {
  const token = bearerToken(authorization);
  if (!token) return { kind: 'none' };
  if (token === SECRET_KEY) return { kind: 'api', role: 'service_role' };
  if (token === PUBLISHABLE_KEY) return { kind: 'api', role: 'anon' };
  return { kind: 'jwt', claims: await verifyJwt(key, token) };
}

// Tokens whose signature this process has checked, with their claims. An ES256 check was an eighth of the auth
// server's CPU under the account page's load, and a session sends the same token until it expires. Only the
// expiry still changes with time; the oldest entries go first past the bound.
const verified = new Map<string, JWTPayload>();
const VERIFIED_MAX = 1000;

function remember(token: string, claims: JWTPayload): JWTPayload {
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return claims;
}

async function verifyJwt(key: SigningKey, token: string): Promise<JWTPayload> {
  const known = verified.get(token);
  if (known) {
    // jose's own test: expired once exp is at or before the current second.
    if (typeof known.exp === 'number' && known.exp <= Math.floor(Date.now() / 1000)) {
      verified.delete(token);
      throw badJwt('token has invalid claims: token is expired');
    }
    return known;
  }
  return remember(token, await verifySignature(key, token));
}

async function verifySignature(key: SigningKey, token: string): Promise<JWTPayload> {
  try {
    // auth.go parseJWTClaims: a known kid picks its key; otherwise only HS256 (the secret) is accepted.
    const header = decodeProtectedHeader(token);
    const known = header.kid ? key.publicKeys.get(header.kid) : undefined;
    if (known) return (await jwtVerify(token, known.key, { algorithms: [known.alg] })).payload;
    if (header.alg === 'HS256')
      return (await jwtVerify(token, HS256_SECRET, { algorithms: ['HS256'] })).payload;
    throw badJwt(
      `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${header.kid ?? ''} for algorithm ${String(header.alg)}`,
    );
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badJwt(describeJoseError(err));
  }
}

function describeJoseError(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'token signature is invalid: signature is invalid';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `token has invalid claims: ${err.message}`;
  return `token is malformed: ${err instanceof Error ? err.message : 'could not parse token'}`;
}

function badJwt(detail: string): ApiError {
  return forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
}

/** Claims checks GoTrue's requireAuthentication applies after the signature. */
export function userClaims(claims: JWTPayload): { sub: string; sessionId: string | undefined } {
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)) {
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  return { sub: claims.sub, sessionId };
}
