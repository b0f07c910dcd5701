import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { errors, type Adapter, type AdapterPayload } from "oidc-provider";
import type { Database } from "../../db/client.ts";
import { oidcPayloads } from "./schema.ts";

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * oidc-provider's storage interface over the `oidc_payloads` table: one row per model instance,
 * with the columns the provider looks things up by (grant, session uid, user code) pulled out of
 * the payload. Works the same on PGlite and PostgreSQL, so any instance can serve any request.
 */
export class DatabaseAdapter implements Adapter {
  readonly model: string;
  readonly db: Database;

  constructor(model: string, db: Database) {
    this.model = model;
    this.db = db;
  }

  private key(id: string) {
    return and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id));
  }

  private notExpired() {
    return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload,
      grantId: typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      userCode: typeof payload.userCode === "string" ? payload.userCode : null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.model, oidcPayloads.id],
        set: {
          payload: row.payload,
          grantId: row.grantId,
          uid: row.uid,
          userCode: row.userCode,
          expiresAt: row.expiresAt,
        },
      });
  }

  private async findWhere(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, this.notExpired()))
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: epochSeconds(row.consumedAt) } : payload;
  }

  find(id: string) {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  /**
   * Marks a single-use artifact (authorization code, refresh token) used. The provider checks
   * `consumed` after reading, so two requests racing with the same code or refresh token could
   * both pass that check; the conditional update lets exactly one win and treats the loser as
   * the replay it is: the whole grant is revoked.
   */
  async consume(id: string): Promise<void> {
    const [won] = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(this.key(id), isNull(oidcPayloads.consumedAt)))
      .returning({ grantId: oidcPayloads.grantId });
    if (won) return;
    const [row] = await this.db
      .select({ grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      .where(this.key(id));
    if (row?.grantId) await revokeGrant(this.db, row.grantId);
    throw new errors.InvalidGrant("grant source already used");
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }
}

/** Deletes a grant and every token issued under it. */
export async function revokeGrant(db: Database, grantId: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.model, "Grant"), eq(oidcPayloads.id, grantId)),
      ),
    );
}

/** Drops rows past their expiry; the provider never reads them again. */
export async function deleteExpiredOidcPayloads(db: Database, now = new Date()): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
}

export function databaseAdapterFactory(db: Database) {
  return (model: string): Adapter => new DatabaseAdapter(model, db);
}
