import { readFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  COSEALG,
  decodeAttestationObject,
  decodeClientDataJSON,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import type { AuthConfig } from '../../config/config.ts';
import { badRequest } from '../../errors.ts';
import type { ChallengeSession, NewPasskey, PasskeyRow } from '../store/passkeys.ts';
import type { UserRow } from '../store/users.ts';
import { isUuid } from './validation.ts';

/**
 * WebAuthn for passkeys as GoTrue configures go-webauthn (passkey_webauthn.go): discoverable credentials required,
 * user verification preferred, no attestation asked for, 5-minute timeout. @simplewebauthn/server does the
 * ceremony checks; this module shapes the options as GoTrue sends them and maps failures to GoTrue's errors.
 */

type WebAuthnConfig = AuthConfig['webauthn'];

/** go-webauthn's default credential parameters, in its order. */
const ALGORITHMS = [
  COSEALG.ES256,
  COSEALG.ES384,
  COSEALG.ES512,
  COSEALG.RS256,
  COSEALG.RS384,
  COSEALG.RS512,
  COSEALG.PS256,
  COSEALG.PS384,
  COSEALG.PS512,
  COSEALG.EdDSA,
];
const TIMEOUT_MS = 300_000;

export const invalidResponse = () =>
  badRequest('webauthn_verification_failed', 'Invalid credential response');
export const verificationFailed = () =>
  badRequest('webauthn_verification_failed', 'Credential verification failed');

/** The WebAuthn user handle: the ASCII bytes of the user's UUID string (not its 16 raw bytes), as GoTrue uses. */
const userHandle = (userId: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(userId, 'ascii'));

/** PublicKeyCredentialCreationOptions with GoTrue's members in go-webauthn's order (no hints, extensions or requireResidentKey). */
export async function registrationOptions(
  rp: WebAuthnConfig,
  user: UserRow,
  existing: readonly PasskeyRow[],
): Promise<{ options: Record<string, unknown>; session: ChallengeSession }> {
  const name = user.email || user.phone || '';
  const metaName = user.raw_user_meta_data.name;
  const generated = await generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    userName: name,
    userID: userHandle(user.id),
    userDisplayName: typeof metaName === 'string' && metaName !== '' ? metaName : name,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const options: Record<string, unknown> = {
    rp: { name: generated.rp.name, id: generated.rp.id },
    user: { name: generated.user.name, displayName: generated.user.displayName, id: generated.user.id },
    challenge: generated.challenge,
    pubKeyCredParams: generated.pubKeyCredParams,
    timeout: generated.timeout,
    ...(existing.length
      ? {
          excludeCredentials: existing.map((p) => ({
            type: 'public-key',
            id: isoBase64URL.fromBuffer(p.credential_id),
          })),
        }
      : {}),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    attestation: generated.attestation,
  };
  return {
    options,
    session: {
      challenge: generated.challenge,
      rpId: rp.rpId,
      user_id: generated.user.id,
      userVerification: 'preferred',
    },
  };
}

/** PublicKeyCredentialRequestOptions for a discoverable login: no allowCredentials. */
export async function authenticationOptions(
  rp: WebAuthnConfig,
): Promise<{ options: Record<string, unknown>; session: ChallengeSession }> {
  const generated = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
  });
  const options = {
    challenge: generated.challenge,
    timeout: generated.timeout,
    rpId: generated.rpId,
    userVerification: generated.userVerification,
  };
  return {
    options,
    session: { challenge: generated.challenge, rpId: rp.rpId, userVerification: 'preferred' },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isB64 = (v: unknown): v is string => typeof v === 'string' && v !== '' && isoBase64URL.isBase64URL(v);

type Ceremony = 'create' | 'get';
type CredentialJSON = Record<string, unknown> & {
  response: Record<string, unknown> & { clientDataJSON: string };
};
/** A sign-in answer that passed go-webauthn's parser checks (parseAssertion). */
export type Assertion = CredentialJSON;

const FIELDS: Record<Ceremony, readonly string[]> = {
  create: ['clientDataJSON', 'attestationObject'],
  get: ['clientDataJSON', 'authenticatorData', 'signature'],
};

/** The authenticator data a response carries: inside the attestation object (create) or as itself (get). */
function authenticatorData(
  ceremony: Ceremony,
  response: Record<string, string>,
): ReturnType<typeof isoBase64URL.toBuffer> {
  if (ceremony === 'get') return isoBase64URL.toBuffer(response.authenticatorData!);
  return decodeAttestationObject(isoBase64URL.toBuffer(response.attestationObject!)).get('authData');
}

/**
 * The checks go-webauthn's parser makes before any verification (400 "Invalid credential response"): the shape, a
 * base64url id, type public-key, and client data, attestation object and authenticator data that decode.
 */
function parseCredential(raw: unknown, ceremony: Ceremony): CredentialJSON {
  if (!isObject(raw) || !isB64(raw.id) || raw.type !== 'public-key' || !isObject(raw.response))
    throw invalidResponse();
  const response = raw.response;
  if (!FIELDS[ceremony].every((field) => isB64(response[field]))) throw invalidResponse();
  try {
    if (!isObject(decodeClientDataJSON(response.clientDataJSON as string))) throw invalidResponse();
    parseAuthenticatorData(authenticatorData(ceremony, response as Record<string, string>));
  } catch {
    throw invalidResponse();
  }
  return raw as CredentialJSON;
}

/**
 * The response's origin when it is one of the allowed origins (scheme and host compared case-insensitively, the
 * port exactly, as go-webauthn does); otherwise the allowed list, which the library then rejects.
 */
function expectedOrigin(rp: WebAuthnConfig, clientDataJSON: string): string | string[] {
  const { origin } = decodeClientDataJSON(clientDataJSON);
  const normal = (o: string) => (URL.canParse(o) ? new URL(o).origin : o.toLowerCase());
  return typeof origin === 'string' && rp.rpOrigins.some((o) => normal(o) === normal(origin))
    ? origin
    : rp.rpOrigins;
}

function sameChallenge(stored: string): (received: string) => boolean {
  return (received) => {
    const a = Buffer.from(received);
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  };
}

/** Verifies an attestation against its stored challenge; the new credential as GoTrue stores it. */
export async function verifyRegistration(
  rp: WebAuthnConfig,
  session: ChallengeSession,
  userId: string,
  raw: unknown,
): Promise<Omit<NewPasskey, 'friendly_name'>> {
  const credential = parseCredential(raw, 'create');
  if (session.user_id !== isoBase64URL.fromBuffer(userHandle(userId))) throw verificationFailed();
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: sameChallenge(session.challenge),
      expectedOrigin: expectedOrigin(rp, credential.response.clientDataJSON),
      expectedRPID: rp.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verified.verified) throw verificationFailed();
    info = verified.registrationInfo;
  } catch {
    throw verificationFailed();
  }
  const transports = credential.response.transports;
  return {
    user_id: userId,
    credential_id: isoBase64URL.toBuffer(info.credential.id),
    public_key: info.credential.publicKey,
    attestation_type: info.fmt,
    aaguid: isUuid(info.aaguid) ? info.aaguid : null,
    sign_count: info.credential.counter,
    transports: Array.isArray(transports) ? transports.filter((t): t is string => typeof t === 'string') : [],
    backup_eligible: info.credentialDeviceType === 'multiDevice',
    backed_up: info.credentialBackedUp,
  };
}

/** A sign-in answer, checked as go-webauthn's parser does (400 "Invalid credential response" otherwise). */
export const parseAssertion = (raw: unknown): Assertion => parseCredential(raw, 'get');

/** The user a discoverable assertion names in its userHandle (the ASCII UUID), or undefined. */
export function assertedUserId(credential: Assertion): string | undefined {
  const handle = credential.response.userHandle;
  if (!isB64(handle)) return undefined;
  const text = Buffer.from(isoBase64URL.toBuffer(handle)).toString('latin1');
  return isUuid(text) ? text.toLowerCase() : undefined;
}

/** Verifies an assertion with the stored credential named by rawId; the signature counter it reported. */
export async function verifyAuthentication(
  rp: WebAuthnConfig,
  session: ChallengeSession,
  credential: Assertion,
  passkeys: readonly PasskeyRow[],
): Promise<{ passkey: PasskeyRow; counter: number }> {
  const rawId = typeof credential.rawId === 'string' ? credential.rawId : '';
  const passkey = passkeys.find((p) => isoBase64URL.fromBuffer(p.credential_id) === rawId);
  if (!passkey) throw verificationFailed();
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: sameChallenge(session.challenge),
      expectedOrigin: expectedOrigin(rp, credential.response.clientDataJSON),
      expectedRPID: rp.rpId,
      // A stored count of 0 turns the library's regression check off: GoTrue ignores regressions (a clone warning).
      credential: { id: rawId, publicKey: passkey.public_key, counter: 0 },
      requireUserVerification: false,
    });
    // The backup-eligible flag is fixed at registration; a change means another authenticator.
    if (!verified || (authenticationInfo.credentialDeviceType === 'multiDevice') !== passkey.backup_eligible)
      throw verificationFailed();
    return { passkey, counter: authenticationInfo.newCounter };
  } catch {
    throw verificationFailed();
  }
}

const AAGUIDS = JSON.parse(readFileSync(new URL('./passkey-aaguids.json', import.meta.url), 'utf8')) as {
  names: Record<string, string>;
};

/** The default name of a new passkey: its authenticator's name from the community AAGUID list, else "Passkey". */
export function passkeyFriendlyName(aaguid: string | null): string {
  return (aaguid && Object.hasOwn(AAGUIDS.names, aaguid) ? AAGUIDS.names[aaguid] : undefined) ?? 'Passkey';
}

/** A WebAuthn factor's credential as stored in mfa_factors.web_authn_credential (base64url keys). */
export interface FactorCredential {
  id: string;
  public_key: string;
  transports: string[];
  backup_eligible: boolean;
}

/**
 * GoTrue's MFA options (getWebAuthnMFA: go-webauthn's defaults, not the passkey ones): no resident key asked for,
 * the user named by email, and the user's other WebAuthn factors excluded as USB or NFC keys.
 */
export async function factorRegistrationOptions(
  rp: WebAuthnConfig,
  user: UserRow,
  existing: readonly FactorCredential[],
): Promise<{ options: Record<string, unknown>; session: ChallengeSession }> {
  const name = user.email ?? '';
  const generated = await generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    userName: name,
    userID: userHandle(user.id),
    userDisplayName: name,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const publicKey: Record<string, unknown> = {
    rp: { name: generated.rp.name, id: generated.rp.id },
    user: { name, displayName: name, id: generated.user.id },
    challenge: generated.challenge,
    pubKeyCredParams: generated.pubKeyCredParams,
    timeout: generated.timeout,
    ...(existing.length
      ? {
          excludeCredentials: existing.map((c) => ({
            type: 'public-key',
            id: c.id,
            transports: ['usb', 'nfc'],
          })),
        }
      : {}),
    authenticatorSelection: { requireResidentKey: false, userVerification: 'preferred' },
    attestation: 'none',
  };
  return {
    options: { publicKey },
    session: {
      challenge: generated.challenge,
      rpId: rp.rpId,
      user_id: generated.user.id,
      userVerification: 'preferred',
    },
  };
}

/** BeginLogin for a verified factor: its credential is the only one allowed. */
export async function factorLoginOptions(
  rp: WebAuthnConfig,
  credential: FactorCredential,
): Promise<{ options: Record<string, unknown>; session: ChallengeSession }> {
  const generated = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
  });
  const allowed = {
    type: 'public-key',
    id: credential.id,
    ...(credential.transports.length ? { transports: credential.transports } : {}),
  };
  return {
    options: {
      publicKey: {
        challenge: generated.challenge,
        timeout: generated.timeout,
        rpId: generated.rpId,
        allowCredentials: [allowed],
        userVerification: 'preferred',
      },
    },
    session: { challenge: generated.challenge, rpId: rp.rpId, userVerification: 'preferred' },
  };
}

/** go-webauthn's parser checks for a creation answer (400 "Invalid credential response" otherwise). */
export const parseAttestation = (raw: unknown): CredentialJSON => parseCredential(raw, 'create');

/** A factor's new credential from a verified creation answer. */
export async function verifyFactorRegistration(
  rp: WebAuthnConfig,
  session: ChallengeSession,
  userId: string,
  raw: unknown,
): Promise<{ credential: FactorCredential; aaguid: string | null }> {
  const made = await verifyRegistration(rp, session, userId, raw);
  return {
    credential: {
      id: isoBase64URL.fromBuffer(made.credential_id),
      public_key: isoBase64URL.fromBuffer(made.public_key),
      transports: made.transports,
      backup_eligible: made.backup_eligible,
    },
    aaguid: made.aaguid,
  };
}

/** Verifies a sign-in answer against the factor's own credential. */
export async function verifyFactorLogin(
  rp: WebAuthnConfig,
  session: ChallengeSession,
  credential: FactorCredential,
  raw: unknown,
): Promise<void> {
  const stored = {
    credential_id: isoBase64URL.toBuffer(credential.id),
    public_key: isoBase64URL.toBuffer(credential.public_key),
    backup_eligible: credential.backup_eligible,
  } as PasskeyRow;
  await verifyAuthentication(rp, session, parseAssertion(raw), [stored]);
}
