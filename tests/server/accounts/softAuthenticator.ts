import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests: real ES256 keys (node:crypto), 'none' attestation, discoverable
 * credentials. It builds the PublicKeyCredential JSON a browser would send for the options the server gave,
 * so the server's checks run on what a real authenticator signs.
 */
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId: string;
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function coseKey(publicKey: crypto.KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** Whether the person proved who they are (fingerprint, PIN); false: presence only. */
  verifiesUser = true;

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new key pair for the options' relying party and user (under `reusedId`: a clash). */
  create(options: CreationOptions, reusedId?: string): { credential: SoftCredential; response: object } {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = reusedId ? Buffer.from(reusedId, 'base64url') : crypto.randomBytes(16);
    const credential: SoftCredential = { id: b64url(id), rpId: options.rp.id, userHandle: options.user.id, privateKey, publicKey, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([FLAG_UP | (this.verifiesUser ? FLAG_UV : 0) | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = this.clientData('webauthn.create', options.challenge);
    return {
      credential,
      response: {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: { clientDataJSON: clientData, attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /** navigator.credentials.get(): an assertion by `credential` (the newest by default), its counter moved on by `step`. */
  get(options: RequestOptions, credential = this.credentials.at(-1)!, step = 1): object {
    credential.counter += step;
    const authData = Buffer.concat([
      sha256(options.rpId),
      Buffer.from([FLAG_UP | (this.verifiesUser ? FLAG_UV : 0)]),
      counterBytes(credential.counter),
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientData, 'base64url'))]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false })));
  }
}
