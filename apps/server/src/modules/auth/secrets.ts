import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Database } from "../../db/client.ts";
import { authSecrets } from "./schema.ts";

/** The signing algorithm of ID tokens and access tokens. */
export const signingAlg = "ES256";

export interface AuthSecrets {
  /** Private JWK set the authorization server signs with. */
  signingKeys: { keys: JWK[] };
  /** Keys that sign the authorization server's cookies (newest first). */
  cookieKeys: string[];
  /** Key of the HMACs that stand in for login codes, addresses and IPs in the database. */
  hmacKey: Buffer;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(signingAlg, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: signingAlg, use: "sig" };
}

const randomSecret = () => randomBytes(32).toString("base64url");

/**
 * Reads the keys from the database, generating them on the very first start. Instances starting
 * together may both generate: the first insert wins and everyone reads the winner, so all
 * instances sign and verify with the same keys. Keys live in the database, never in the repo.
 */
export async function loadAuthSecrets(db: Database): Promise<AuthSecrets> {
  const names = ["signing_keys", "cookie_keys", "hmac_key"] as const;
  let rows = await db
    .select()
    .from(authSecrets)
    .where(inArray(authSecrets.name, [...names]));
  if (rows.length < names.length) {
    await db
      .insert(authSecrets)
      .values([
        { name: "signing_keys", value: { keys: [await generateSigningKey()] } },
        { name: "cookie_keys", value: [randomSecret()] },
        { name: "hmac_key", value: randomSecret() },
      ])
      .onConflictDoNothing();
    rows = await db
      .select()
      .from(authSecrets)
      .where(inArray(authSecrets.name, [...names]));
  }
  const value = (name: (typeof names)[number]) => rows.find((row) => row.name === name)?.value;
  return {
    signingKeys: value("signing_keys") as AuthSecrets["signingKeys"],
    cookieKeys: value("cookie_keys") as string[],
    hmacKey: Buffer.from(value("hmac_key") as string, "base64url"),
  };
}

/** The public half of the signing keys: what verifiers (the API, clients via JWKS) need. */
export function publicSigningKeys(secrets: AuthSecrets): JWK[] {
  const publicMembers = ["kty", "crv", "x", "y", "n", "e", "kid", "alg", "use"] as const;
  return secrets.signingKeys.keys.map((key) => {
    const publicKey: JWK = {};
    for (const member of publicMembers) if (key[member] !== undefined) publicKey[member] = key[member];
    return publicKey;
  });
}
