import { decodeProtectedHeader, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import {
  ANON_KEY,
  HS256_SECRET,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  type SigningKey,
} from '../../crypto/keys.ts';
import { RestError } from '../errors.ts';

/** The database roles a request may run as; any other `role` claim is refused before SQL. */
export type RequestRole = 'anon' | 'authenticated' | 'service_role';
const REQUEST_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export interface RequestAuth {
  role: RequestRole;
  /** What `request.jwt.claims` holds. */
  claims: Record<string, unknown>;
  /** For the 42501 status: 401 for the anonymous role, 403 for any other (PostgREST's `authed`). */
  authenticated: boolean;
}

/** The gateway's answer for a missing or unknown `apikey` (Kong's key-auth in front of PostgREST). */
export class GatewayError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.hint = hint;
  }
}

const API_KEYS = new Map<string, 'anon' | 'service_role'>([
  [PUBLISHABLE_KEY, 'anon'],
  [SECRET_KEY, 'service_role'],
  [ANON_KEY, 'anon'],
  [SERVICE_ROLE_KEY, 'service_role'],
]);

const jwtDecodeError = (message: string) =>
  new RestError(401, 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
const jwtClaimsError = (message: string) =>
  new RestError(401, 'PGRST303', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });

// Verified tokens and their claims: a session sends the same token until it expires, and an ES256 check costs.
const verified = new Map<string, JWTPayload>();
const VERIFIED_MAX = 1000;
const SKEW_SECONDS = 30;

/** PostgREST's claim checks (Auth/Jwt.hs), with its 30 s of allowed clock skew. */
function checkClaims(claims: JWTPayload): void {
  const now = Math.floor(Date.now() / 1000);
  const num = (name: 'exp' | 'nbf' | 'iat') => {
    const v = claims[name];
    if (v !== undefined && typeof v !== 'number')
      throw jwtClaimsError(`The JWT '${name}' claim must be a number`);
    return v;
  };
  const exp = num('exp');
  const nbf = num('nbf');
  const iat = num('iat');
  if (exp !== undefined && now - SKEW_SECONDS > exp) throw jwtClaimsError('JWT expired');
  if (nbf !== undefined && now + SKEW_SECONDS < nbf) throw jwtClaimsError('JWT not yet valid');
  if (iat !== undefined && now + SKEW_SECONDS < iat) throw jwtClaimsError('JWT issued at future');
}

async function verifyToken(key: SigningKey, token: string): Promise<JWTPayload> {
  const known = verified.get(token);
  if (known) {
    checkClaims(known);
    return known;
  }
  if (token === '') throw jwtDecodeError('Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtDecodeError(`Expected 3 parts in JWT; got ${parts}`);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
    decodeJwt(token);
  } catch {
    throw jwtDecodeError("JWT couldn't be decoded");
  }
  const byKid = header.kid ? key.publicKeys.get(header.kid) : undefined;
  let payload: JWTPayload;
  try {
    if (byKid) payload = (await jwtVerify(token, byKid.key, { algorithms: [byKid.alg] })).payload;
    else if (header.alg === 'HS256')
      payload = (await jwtVerify(token, HS256_SECRET, { algorithms: ['HS256'] })).payload;
    else throw jwtDecodeError('No suitable key or wrong key type');
  } catch (err) {
    if (err instanceof RestError) throw err;
    // Time claims are PostgREST's own checks below, with its skew; anything else is a failed signature.
    if (err instanceof joseErrors.JWTExpired || err instanceof joseErrors.JWTClaimValidationFailed) {
      payload = decodeJwt(token);
    } else if (err instanceof joseErrors.JOSEAlgNotAllowed || err instanceof joseErrors.JOSENotSupported) {
      throw jwtDecodeError('Wrong or unsupported encoding algorithm');
    } else {
      throw jwtDecodeError('JWT cryptographic operation failed');
    }
  }
  checkClaims(payload);
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, payload);
  return payload;
}

/**
 * Authenticates as Supabase's gateway and PostgREST do together: the gateway wants a known `apikey`, and turns an
 * opaque key in Authorization (or none) into that key's role; PostgREST verifies any other bearer JWT and takes its
 * `role` claim (anon when absent).
 */
export async function authenticate(
  key: SigningKey,
  roles: ReadonlySet<string>,
  apikey: string | null,
  authorization: string | null,
): Promise<RequestAuth> {
  if (!apikey) {
    throw new GatewayError(
      'No API key found in request',
      'No `apikey` request header or url param was found.',
    );
  }
  const keyRole = API_KEYS.get(apikey);
  if (!keyRole)
    throw new GatewayError('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  const m = /^Bearer\s*(.*)$/i.exec(authorization ?? '');
  const token = m ? m[1]!.trim() : undefined;
  if (token === undefined || token === PUBLISHABLE_KEY || token === SECRET_KEY) {
    const role = token ? API_KEYS.get(token)! : keyRole;
    return { role, claims: { role }, authenticated: role !== 'anon' };
  }
  const claims = await verifyToken(key, token);
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!REQUEST_ROLES.includes(role)) {
    // What `SET ROLE` answers as the authenticator: an unknown role, or one it may not become.
    if (!roles.has(role)) throw new RestError(401, '22023', `role "${role}" does not exist`);
    throw new RestError(403, '42501', `permission denied to set role "${role}"`);
  }
  return { role: role as RequestRole, claims, authenticated: role !== 'anon' };
}
