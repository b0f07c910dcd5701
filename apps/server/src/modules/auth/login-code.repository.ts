import { and, desc, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "../../db/client.ts";
import { loginCodeRequests, loginCodes } from "./schema.ts";

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  perAddress: RateLimit[];
  perIp: RateLimit[];
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Seconds until a request would fit under `limit`, given the past request times newest first. */
function waitFor(limit: RateLimit, newestFirst: Date[], now: Date): number {
  const windowStart = now.getTime() - limit.windowSeconds * 1000;
  const inWindow = newestFirst.filter((time) => time.getTime() > windowStart);
  if (inWindow.length < limit.max) return 0;
  // The request that must leave the window before another one fits.
  const blocking = inWindow[limit.max - 1]!;
  return Math.max(1, Math.ceil((blocking.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000));
}

async function recentRequests(
  tx: DbExecutor,
  column: "addressKey" | "ipKey",
  key: string,
  now: Date,
  limits: RateLimit[],
) {
  const longest = Math.max(...limits.map((limit) => limit.windowSeconds));
  const rows = await tx
    .select({ requestedAt: loginCodeRequests.requestedAt })
    .from(loginCodeRequests)
    .where(
      and(
        eq(loginCodeRequests[column], key),
        gt(loginCodeRequests.requestedAt, new Date(now.getTime() - longest * 1000)),
        lte(loginCodeRequests.requestedAt, now),
      ),
    )
    .orderBy(desc(loginCodeRequests.requestedAt))
    .limit(Math.max(...limits.map((limit) => limit.max)));
  return rows.map((row) => row.requestedAt);
}

/**
 * Counts the address's and the IP's recent code requests and, when every limit allows another,
 * records this one. Locked per address and per IP, so concurrent requests (from any instance)
 * cannot all squeeze under a limit. Refused requests are not recorded: they do not prolong the wait.
 */
export async function admitCodeRequest(
  db: Database,
  request: { addressKey: string; ipKey: string; now: Date },
  limits: RateLimits,
): Promise<RateDecision> {
  const { addressKey, ipKey, now } = request;
  return db.transaction(async (tx) => {
    // Always the address first, then the IP: a fixed order cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${addressKey}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(2, hashtext(${ipKey}))`);
    const byAddress = await recentRequests(tx, "addressKey", addressKey, now, limits.perAddress);
    const byIp = await recentRequests(tx, "ipKey", ipKey, now, limits.perIp);
    const wait = Math.max(
      0,
      ...limits.perAddress.map((limit) => waitFor(limit, byAddress, now)),
      ...limits.perIp.map((limit) => waitFor(limit, byIp, now)),
    );
    if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
    await tx.insert(loginCodeRequests).values({ addressKey, ipKey, requestedAt: now });
    return { allowed: true };
  });
}

export type LoginCodeRow = typeof loginCodes.$inferSelect;

/** Stores the address's new code, replacing any previous one (and its tries). */
export async function replaceLoginCode(
  db: DbExecutor,
  code: Pick<
    LoginCodeRow,
    "addressKey" | "userId" | "interactionUid" | "codeHmac" | "expiresAt" | "createdAt"
  >,
): Promise<void> {
  await db
    .insert(loginCodes)
    .values(code)
    .onConflictDoUpdate({
      target: loginCodes.addressKey,
      set: {
        userId: code.userId,
        interactionUid: code.interactionUid,
        codeHmac: code.codeHmac,
        expiresAt: code.expiresAt,
        createdAt: code.createdAt,
        attempts: 0,
        consumedAt: null,
      },
    });
}

export async function findLoginCode(db: DbExecutor, addressKey: string): Promise<LoginCodeRow | undefined> {
  const [row] = await db.select().from(loginCodes).where(eq(loginCodes.addressKey, addressKey));
  return row;
}

/**
 * Spends one of the code's tries, atomically: parallel guesses cannot get more tries than the
 * limit. Returns false when the code has no tries left or is already used.
 */
export async function spendAttempt(db: DbExecutor, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(and(eq(loginCodes.id, id), lt(loginCodes.attempts, maxAttempts), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** Marks the code used; false when another request used it first. */
export async function consumeLoginCode(db: DbExecutor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  return rows.length === 1;
}

/** Drops request records older than the longest rate window and codes long past their expiry. */
export async function deleteStaleLoginData(
  db: DbExecutor,
  now: Date,
  keepRequestsSeconds: number,
): Promise<void> {
  await db
    .delete(loginCodeRequests)
    .where(lt(loginCodeRequests.requestedAt, new Date(now.getTime() - keepRequestsSeconds * 1000)));
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000)));
}
