import { createHmac, timingSafeEqual } from "node:crypto";
import { authMessages, type SessionUser } from "@cm/contracts/auth";
import { historySummaries } from "@cm/contracts/history";
import { genericMessages } from "@cm/contracts/messages";
import {
  authenticatorTransportValues,
  maxPasskeysPerUser,
  passkeyChallengeValidityMinutes,
  passkeyMessages,
  type AuthenticationResponse,
  type Passkey,
  type PasskeyRegistrationOptions,
  type PasskeyReset,
  type PasskeySignInOptions,
  type RegisterPasskeyInput,
} from "@cm/contracts/passkeys";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Tx } from "../../db/client.ts";
import { recordEntityHistory } from "../../lib/entity-write.ts";
import {
  ConflictError,
  DomainError,
  InvalidError,
  NotFoundError,
  withConstraintMessages,
} from "../../lib/errors.ts";
import { updateWithRevision } from "../../lib/revisions.ts";
import { userHistory } from "../users/history.ts";
import { findUserById } from "../users/repository.ts";
import type { Clock } from "./login-code.service.ts";
import type { OidcSettings } from "./oidc-provider.ts";
import {
  countPasskeys,
  deleteExpiredChallenges,
  deletePasskey,
  deletePasskeysOfUser,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeyRows,
  lockOwnPasskey,
  recordPasskeyUse,
  replaceChallenge,
  takeChallenge,
  toPasskey,
  userHasPasskeys,
  type ChallengeOwner,
} from "./passkeys.repository.ts";
import { canSignIn, findSessionUserById } from "./repository.ts";
import { passkeys } from "./schema.ts";

/** The name authenticators show beside the account. */
const relyingPartyName = "Catalog Manager";
const challengeValidityMs = passkeyChallengeValidityMinutes * 60 * 1000;

/**
 * The relying party: its id is the host name of PUBLIC_URL, and the pages that may use it are that
 * origin and any registered front end on the same host (e.g. a Vite dev server on another port).
 */
export interface RelyingParty {
  id: string;
  origins: string[];
}

export function relyingParty(settings: Pick<OidcSettings, "origin" | "redirectUris">): RelyingParty {
  const id = new URL(settings.origin).hostname;
  const origins = new Set([settings.origin]);
  for (const uri of settings.redirectUris) {
    const url = new URL(uri);
    if (url.hostname === id) origins.add(url.origin);
  }
  return { id, origins: [...origins] };
}

/** WebAuthn relying party ids are domain names: browsers refuse an IP address. */
export function isUsableRelyingPartyId(id: string): boolean {
  return !/^\d+\.\d+\.\d+\.\d+$/.test(id) && !id.startsWith("[");
}

/**
 * A change to a user's passkeys, in the user's history: an `update` that only a summary
 * describes, since the passkeys are no field of the user (nor their revision).
 */
async function recordPasskeyChange(
  tx: Tx,
  userId: number,
  summary: string,
  actorUserId: number,
): Promise<void> {
  const user = await findUserById(tx, userId);
  // The passkeys' foreign key makes a user without a row impossible here.
  if (!user) return;
  await recordEntityHistory(tx, userHistory, [{ row: user, action: "update", summary }], { actorUserId });
}

/** The transports WebAuthn names; anything else a browser sends is not kept. */
function knownTransports(transports: readonly string[] | undefined): string[] {
  const known: readonly string[] = authenticatorTransportValues;
  return (transports ?? []).filter((transport) => known.includes(transport));
}

export interface PasskeyServiceDeps {
  db: Database;
  relyingParty: RelyingParty;
  /** Keys the user handles: stable per user, meaningless outside this server. */
  hmacKey: Buffer;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Passkeys: registration and management for the signed-in user, the reset by people managers,
 * and the sign-in assertion. Every answer from a browser is checked against a challenge taken out
 * of the database first, so it counts once, whether it then verifies or not.
 */
export class PasskeyService {
  readonly #deps: PasskeyServiceDeps;

  constructor(deps: PasskeyServiceDeps) {
    this.#deps = deps;
  }

  /** The WebAuthn user handle: 32 opaque bytes, the same for all of a user's passkeys. */
  userHandle(userId: number): Buffer {
    return createHmac("sha256", this.#deps.hmacKey).update(`webauthn-user-handle\u0000${userId}`).digest();
  }

  async #issueChallenge(owner: ChallengeOwner, challenge: string): Promise<void> {
    const now = this.#deps.clock.now();
    await replaceChallenge(this.#deps.db, owner, {
      value: challenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + challengeValidityMs),
    });
  }

  /** Takes the challenge the browser signed; refuses one that is unknown, used or expired. */
  async #takeChallenge(owner: ChallengeOwner, clientDataJSON: string, failure: string): Promise<string> {
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      throw new InvalidError(failure);
    }
    if (typeof challenge !== "string" || challenge === "") throw new InvalidError(failure);
    const taken = await takeChallenge(this.#deps.db, owner, challenge);
    if (!taken || taken.expiresAt <= this.#deps.clock.now()) {
      this.#deps.log.info({ purpose: owner.purpose }, "passkey answer refused: challenge unknown or expired");
      throw new InvalidError(passkeyMessages.challengeExpired);
    }
    return challenge;
  }

  async list(userId: number): Promise<Passkey[]> {
    return (await listPasskeyRows(this.#deps.db, userId)).map(toPasskey);
  }

  hasPasskeys(userId: number): Promise<boolean> {
    return userHasPasskeys(this.#deps.db, userId);
  }

  async registrationOptions(user: SessionUser): Promise<PasskeyRegistrationOptions> {
    const existing = await listPasskeyRows(this.#deps.db, user.id);
    if (existing.length >= maxPasskeysPerUser) throw new ConflictError(passkeyMessages.tooMany);
    const options = await generateRegistrationOptions({
      rpName: relyingPartyName,
      rpID: this.#deps.relyingParty.id,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      userID: new Uint8Array(this.userHandle(user.id)),
      timeout: challengeValidityMs,
      attestationType: "none",
      // A passkey the browser can offer without an address (the sign-in page asks for none).
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: existing.map((row) => ({
        id: row.credentialId,
        transports: knownTransports(row.transports),
      })),
    });
    await this.#issueChallenge({ purpose: "registration", userId: user.id }, options.challenge);
    return options as PasskeyRegistrationOptions;
  }

  async register(user: SessionUser, input: RegisterPasskeyInput): Promise<Passkey> {
    const { db, relyingParty, log } = this.#deps;
    const { response } = input;
    const name = input.name.trim();
    const expectedChallenge = await this.#takeChallenge(
      { purpose: "registration", userId: user.id },
      response.response.clientDataJSON,
      passkeyMessages.registrationFailed,
    );

    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
        expectedChallenge,
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        requireUserVerification: true,
      });
    } catch (error) {
      log.info({ userId: user.id, reason: (error as Error).message }, "passkey registration refused");
      throw new InvalidError(passkeyMessages.registrationFailed);
    }
    if (!verification.verified) throw new InvalidError(passkeyMessages.registrationFailed);
    const { credential, credentialBackedUp } = verification.registrationInfo;

    const credentialRace = { passkeys_credential_id_unique: passkeyMessages.alreadyRegistered };
    return withConstraintMessages(credentialRace, () =>
      db.transaction(async (tx) => {
        if ((await countPasskeys(tx, user.id)) >= maxPasskeysPerUser) {
          throw new ConflictError(passkeyMessages.tooMany);
        }
        const row = await insertPasskey(tx, {
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: knownTransports(response.response.transports ?? credential.transports),
          backedUp: credentialBackedUp,
          name,
        });
        await recordPasskeyChange(tx, user.id, historySummaries.passkeyAdded(name), user.id);
        log.info({ userId: user.id, passkeyId: row.id }, "passkey registered");
        return toPasskey(row);
      }),
    );
  }

  async rename(
    userId: number,
    passkeyId: number,
    name: string,
    expectedRevision: number | undefined,
  ): Promise<Passkey> {
    return this.#deps.db.transaction(async (tx) => {
      const before = await lockOwnPasskey(tx, userId, passkeyId);
      if (!before) throw new NotFoundError(passkeyMessages.notFound);
      const { row } = await updateWithRevision(tx, passkeys, {
        id: passkeyId,
        expectedRevision,
        values: { name: name.trim() },
        notFoundMessage: passkeyMessages.notFound,
      });
      if (row.name !== before.name) {
        await recordPasskeyChange(tx, userId, historySummaries.passkeyRenamed(before.name, row.name), userId);
      }
      return toPasskey(row);
    });
  }

  async remove(userId: number, passkeyId: number, expectedRevision: number | undefined): Promise<Passkey> {
    return this.#deps.db.transaction(async (tx) => {
      const row = await lockOwnPasskey(tx, userId, passkeyId);
      if (!row) throw new NotFoundError(passkeyMessages.notFound);
      if (expectedRevision !== undefined && expectedRevision !== row.revision) {
        throw new ConflictError(genericMessages.staleRevision);
      }
      await deletePasskey(tx, passkeyId);
      await recordPasskeyChange(tx, userId, historySummaries.passkeyRemoved(row.name), userId);
      this.#deps.log.info({ userId, passkeyId }, "passkey removed");
      return toPasskey(row);
    });
  }

  /** Removes every passkey of `userId`, so the login code signs them in again (the recovery path). */
  async resetForUser(userId: number, actorUserId: number): Promise<PasskeyReset> {
    return this.#deps.db.transaction(async (tx) => {
      const user = await findSessionUserById(tx, userId);
      if (!user) throw new NotFoundError(passkeyMessages.userNotFound);
      const removed = await deletePasskeysOfUser(tx, userId);
      // A user without passkeys loses nothing: nothing to record.
      if (removed.length > 0) {
        await recordPasskeyChange(tx, userId, historySummaries.passkeysReset(removed.length), actorUserId);
      }
      this.#deps.log.info({ userId, actorUserId, removed: removed.length }, "passkeys reset");
      return { userId, removed: removed.length };
    });
  }

  /** Options for a discoverable-credential sign-in: no address asked, no credentials listed. */
  async signInOptions(interactionUid: string): Promise<PasskeySignInOptions> {
    const options = await generateAuthenticationOptions({
      rpID: this.#deps.relyingParty.id,
      userVerification: "required",
      timeout: challengeValidityMs,
    });
    await this.#issueChallenge({ purpose: "authentication", interactionUid }, options.challenge);
    return options as PasskeySignInOptions;
  }

  /** Checks a sign-in assertion made in login interaction `interactionUid`; answers who signed in. */
  async verifySignIn(interactionUid: string, response: AuthenticationResponse): Promise<SessionUser> {
    const { db, relyingParty, log, clock } = this.#deps;
    const expectedChallenge = await this.#takeChallenge(
      { purpose: "authentication", interactionUid },
      response.response.clientDataJSON,
      passkeyMessages.signInFailed,
    );

    const passkey = await findPasskeyByCredentialId(db, response.id);
    if (!passkey) {
      log.info("passkey sign-in refused: unknown credential");
      throw new InvalidError(passkeyMessages.unknownPasskey);
    }
    const userHandle = response.response.userHandle;
    if (userHandle !== undefined && !this.#isUserHandleOf(userHandle, passkey.userId)) {
      log.warn({ passkeyId: passkey.id }, "passkey sign-in refused: user handle of another user");
      throw new InvalidError(passkeyMessages.signInFailed);
    }

    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} },
        expectedChallenge,
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: passkey.counter,
          transports: knownTransports(passkey.transports),
        },
        requireUserVerification: true,
      });
    } catch (error) {
      log.info({ passkeyId: passkey.id, reason: (error as Error).message }, "passkey sign-in refused");
      throw new InvalidError(passkeyMessages.signInFailed);
    }
    if (!verification.verified) throw new InvalidError(passkeyMessages.signInFailed);

    const user = await findSessionUserById(db, passkey.userId);
    if (!user || !canSignIn(user)) {
      log.info({ userId: passkey.userId }, "passkey sign-in refused: account may not sign in");
      throw new DomainError(403, authMessages.forbidden);
    }
    await recordPasskeyUse(db, passkey.id, {
      counter: verification.authenticationInfo.newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      usedAt: clock.now(),
    });
    log.info({ userId: user.id, passkeyId: passkey.id }, "passkey sign-in verified");
    return user;
  }

  #isUserHandleOf(userHandle: string, userId: number): boolean {
    const given = Buffer.from(userHandle, "base64url");
    const expected = this.userHandle(userId);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  deleteExpiredChallenges(): Promise<void> {
    return deleteExpiredChallenges(this.#deps.db, this.#deps.clock.now());
  }
}
