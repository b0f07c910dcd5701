import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponse,
  PasskeyRegistrationOptions,
  PasskeySignInOptions,
  RegistrationResponse,
} from "@cm/contracts/passkeys";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator for API tests: it makes passkeys (ES256, attestation "none") and signs
 * assertions with them as a platform authenticator would, with user presence and verification.
 * The browser's part (clientDataJSON with the page's origin) is played here too.
 *
 *   const authenticator = new SoftwareAuthenticator("http://localhost:3000");
 *   const response = authenticator.register(options);       // for POST /api/me/passkeys
 *   const assertion = authenticator.assert(signInOptions);   // for POST /code/passkey/verify
 */

const flags = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  signCount: number;
}

export interface CeremonyOptions {
  /** The page's origin as the browser reports it; the authenticator's own by default. */
  origin?: string;
  /** Leaves the user-verified flag off (a security key used without its PIN). */
  unverified?: boolean;
}

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The credential's public key as a COSE_Key (EC2, P-256, ES256). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<string | number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
}

export class SoftwareAuthenticator {
  readonly origin: string;
  readonly credentials: SoftwareCredential[] = [];
  /** Synced passkeys keep their counter at 0; a security key counts up. */
  readonly counts: boolean;

  constructor(origin: string, options: { counts?: boolean } = {}) {
    this.origin = origin;
    this.counts = options.counts ?? false;
  }

  #flags(options: CeremonyOptions, extra = 0): number {
    return flags.userPresent | (options.unverified ? 0 : flags.userVerified) | extra;
  }

  /**
   * `navigator.credentials.create()`: a new resident ES256 credential for the options' user, or
   * `reuse`'s key and id again (what no real authenticator does, to test the server's guard).
   */
  register(
    options: PasskeyRegistrationOptions,
    ceremony: CeremonyOptions & { reuse?: SoftwareCredential } = {},
  ): RegistrationResponse {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const credential: SoftwareCredential = {
      id: ceremony.reuse?.id ?? randomBytes(16),
      privateKey: ceremony.reuse?.privateKey ?? generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey,
      rpId,
      userHandle: Buffer.from(options.user.id, "base64url"),
      signCount: 0,
    };
    const { privateKey } = credential;
    const clientDataJSON = clientData("webauthn.create", options.challenge, ceremony.origin ?? this.origin);
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(ceremony, flags.attested)]),
      uint32(credential.signCount),
      Buffer.alloc(16), // AAGUID: none
      credentialLength,
      credential.id,
      coseKey(privateKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string | number, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map<string | number, Cbor>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get()` with no credentials listed: the newest credential for the
   * options' relying party (or `credential`) signs the challenge.
   */
  assert(
    options: PasskeySignInOptions,
    ceremony: CeremonyOptions & { credential?: SoftwareCredential } = {},
  ): AuthenticationResponse {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const credential =
      ceremony.credential ?? this.credentials.findLast((candidate) => candidate.rpId === rpId);
    if (!credential) throw new Error(`no credential for ${rpId}`);
    if (this.counts) credential.signCount += 1;
    const clientDataJSON = clientData("webauthn.get", options.challenge, ceremony.origin ?? this.origin);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(ceremony)]),
      uint32(credential.signCount),
    ]);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
