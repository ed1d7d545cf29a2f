import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { HS256_SECRET } from '../crypto/keys.ts';
import { ERRORS } from './errors.ts';

/**
 * Signed URLs as the storage service makes them: an HS256 JWT with the project's JWT secret whose `url` claim is
 * `<bucket>/<name>`; a download token may carry the image transformation it was signed for, an upload token the
 * owner and whether it may replace.
 */
export interface SignedClaims {
  url: string;
  transformations?: string;
  owner?: string;
  upsert?: boolean;
}

export async function signUrlToken(claims: SignedClaims, expiresInSeconds: number): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(HS256_SECRET);
}

/** The token's claims, if it was signed here for `url` and has not expired. */
export async function verifyUrlToken(token: string | undefined, url: string): Promise<SignedClaims> {
  if (!token) throw ERRORS.invalidSignature('Missing token');
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, HS256_SECRET, { algorithms: ['HS256'] })).payload;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw ERRORS.expiredSignature();
    throw ERRORS.invalidJwt(err instanceof joseErrors.JOSEError ? err.message : 'Invalid JWT');
  }
  if (payload.url !== url) throw ERRORS.invalidSignature('Invalid signature');
  return payload as unknown as SignedClaims;
}
