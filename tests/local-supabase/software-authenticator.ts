import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for contract tests: what a browser and its device answer to WebAuthn options.

export const ORIGIN = 'http://localhost:3000';
export const RP_ID = 'localhost';
export const WINDOWS_HELLO = '08987058-cadc-4b81-b6e1-30de50dcbe96';

export const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface StoredCredential {
  id: Buffer;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

export interface Ceremony {
  origin?: string;
  rpId?: string;
  /** Backup eligible / backed up flags (BE, BS). */
  backup?: { eligible: boolean; state: boolean };
}

/** A platform authenticator with resident ES256 keys: it answers create() and get() as a browser's toJSON() would. */
export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  private readonly aaguid: Buffer;
  constructor(aaguid = Buffer.alloc(16)) {
    this.aaguid = aaguid;
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private static flags(base: number, backup: Ceremony['backup']): number {
    return base | (backup?.eligible ? 0x08 : 0) | (backup?.state ? 0x10 : 0);
  }

  /** navigator.credentials.create(): a new key, or `reuse` (an authenticator that ignores excludeCredentials). */
  create(
    options: Record<string, unknown>,
    ceremony: Ceremony = {},
    reuse?: StoredCredential,
  ): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const stored = reuse ?? {
      id: randomBytes(32),
      key: privateKey,
      userHandle: (options.user as { id: string }).id,
      counter: 0,
    };
    const jwk = (reuse ? undefined : publicKey.export({ format: 'jwk' })) as
      { x: string; y: string } | undefined;
    const cose = jwk
      ? isoCBOR.encode(
          new Map<number, number | Uint8Array>([
            [1, 2],
            [3, -7],
            [-1, 1],
            [-2, isoBase64URL.toBuffer(jwk.x)],
            [-3, isoBase64URL.toBuffer(jwk.y)],
          ]),
        )
      : this.coseOf(reuse!);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(stored.id.length);
    const attested = Buffer.concat([this.aaguid, idLength, stored.id, Buffer.from(cose)]);
    const authData = this.authData(
      ceremony.rpId ?? RP_ID,
      SoftwareAuthenticator.flags(0x45, ceremony.backup),
      0,
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientData = {
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: ceremony.origin ?? ORIGIN,
      crossOrigin: false,
    };
    if (!reuse) {
      this.credentials.push(stored);
      this.publicKeys.set(stored, cose);
    }
    return {
      id: b64(stored.id),
      rawId: b64(stored.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private readonly publicKeys = new Map<StoredCredential, Uint8Array>();
  private coseOf(credential: StoredCredential): Uint8Array {
    return this.publicKeys.get(credential)!;
  }

  /** navigator.credentials.get() for a discoverable login: signs with `credential` (the newest by default). */
  get(
    options: Record<string, unknown>,
    ceremony: Ceremony & { credential?: StoredCredential; userHandle?: string; counter?: number } = {},
  ): Record<string, unknown> {
    const credential = ceremony.credential ?? this.credentials.at(-1)!;
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const authData = this.authData(
      ceremony.rpId ?? RP_ID,
      SoftwareAuthenticator.flags(0x05, ceremony.backup),
      credential.counter,
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: ceremony.origin ?? ORIGIN,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key);
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: ceremony.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
