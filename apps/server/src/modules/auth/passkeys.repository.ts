import type { Passkey } from "@cm/contracts/passkeys";
import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { passkeys, webauthnChallenges } from "./schema.ts";

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A challenge belongs to a user (registration) or to a login interaction (sign-in). */
export type ChallengeOwner =
  { purpose: "registration"; userId: number } | { purpose: "authentication"; interactionUid: string };

function ownedBy(owner: ChallengeOwner) {
  return owner.purpose === "registration"
    ? and(eq(webauthnChallenges.purpose, "registration"), eq(webauthnChallenges.userId, owner.userId))
    : and(
        eq(webauthnChallenges.purpose, "authentication"),
        eq(webauthnChallenges.interactionUid, owner.interactionUid),
      );
}

/**
 * Stores a new challenge in place of the owner's previous one, so a user or a login interaction
 * holds one at a time however often options are asked for.
 */
export async function replaceChallenge(
  db: Database,
  owner: ChallengeOwner,
  challenge: { value: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(webauthnChallenges).where(ownedBy(owner));
    await tx.insert(webauthnChallenges).values({
      challenge: challenge.value,
      purpose: owner.purpose,
      userId: owner.purpose === "registration" ? owner.userId : null,
      interactionUid: owner.purpose === "authentication" ? owner.interactionUid : null,
      expiresAt: challenge.expiresAt,
      createdAt: challenge.createdAt,
    });
  });
}

/**
 * Takes the owner's challenge `value` out of the database: one statement, so of two answers
 * racing with the same challenge (on any instance) only one gets it. Returns when it expires, or
 * undefined when the owner holds no such challenge (never issued, already used, or replaced).
 */
export async function takeChallenge(
  db: DbExecutor,
  owner: ChallengeOwner,
  value: string,
): Promise<{ expiresAt: Date } | undefined> {
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(and(ownedBy(owner), eq(webauthnChallenges.challenge, value)))
    .returning({ expiresAt: webauthnChallenges.expiresAt });
  return taken;
}

export async function deleteExpiredChallenges(db: DbExecutor, now: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
}

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    _revision: row.revision,
  };
}

export function listPasskeyRows(db: DbExecutor, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.total ?? 0;
}

export async function findPasskeyByCredentialId(
  db: DbExecutor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** The passkey `passkeyId` of `userId`, locked for the write that follows; undefined for anyone else's. */
export async function lockOwnPasskey(
  tx: Tx,
  userId: number,
  passkeyId: number,
): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .for("update");
  return row;
}

export async function insertPasskey(tx: Tx, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await tx.insert(passkeys).values(values).returning();
  return row!;
}

export async function deletePasskey(tx: Tx, passkeyId: number): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.id, passkeyId));
}

/** Deletes every passkey of the user and returns them, for the history. */
export function deletePasskeysOfUser(tx: Tx, userId: number): Promise<PasskeyRow[]> {
  return tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning();
}

/** After a sign-in: the authenticator's new counter, whether it is synced now, and when it was used. */
export async function recordPasskeyUse(
  db: DbExecutor,
  passkeyId: number,
  use: { counter: number; backedUp: boolean; usedAt: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({
      // Never backwards: two sign-ins finishing out of order keep the higher count.
      counter: sql`greatest(${passkeys.counter}, ${use.counter})`,
      backedUp: use.backedUp,
      lastUsedAt: use.usedAt,
    })
    .where(eq(passkeys.id, passkeyId));
}

export async function userHasPasskeys(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
