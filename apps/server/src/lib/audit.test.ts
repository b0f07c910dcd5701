import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { auditEvents, brands, users } from "../db/schema.ts";
import { recordAuditEvent, recordAuditEvents } from "./audit.ts";
import { updateWithRevision } from "./revisions.ts";

describe("audit events", () => {
  let testApp: TestApp;
  let brandId: number;
  let adminId: number;

  const brandEvents = () =>
    testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, "brand"),
          eq(auditEvents.entityId, String(brandId)),
          eq(auditEvents.action, "update"),
        ),
      );

  /** Renames the brand and records it, in one transaction; `thenFail` makes it roll back. */
  const renameBrand = (description: string, thenFail: boolean) =>
    testApp.database.db.transaction(async (tx) => {
      const update = await updateWithRevision(tx, brands, {
        id: brandId,
        expectedRevision: undefined,
        values: { description },
        notFoundMessage: "Brand not found",
      });
      await recordAuditEvent(tx, {
        actorUserId: adminId,
        entityType: "brand",
        entityId: brandId,
        action: "update",
        beforeRevision: update.beforeRevision,
        afterRevision: update.afterRevision,
        data: { description },
      });
      if (thenFail) throw new Error("a later step of the same write failed");
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    const [brand] = await testApp.database.db.select().from(brands).where(eq(brands.name, "Pandora"));
    const [admin] = await testApp.database.db.select().from(users);
    brandId = brand!.id;
    adminId = admin!.id;
  });
  afterAll(() => testApp?.close());

  it("records who changed what, with the revisions before and after", async () => {
    await renameBrand("Jewellery", false);
    const events = await brandEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: adminId,
      beforeRevision: 1,
      afterRevision: 2,
      data: { description: "Jewellery" },
    });
    expect(events[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("rolls back with the change it describes", async () => {
    const [before] = await testApp.database.db.select().from(brands).where(eq(brands.id, brandId));
    await expect(renameBrand("Never saved", true)).rejects.toThrow("a later step");

    const [after] = await testApp.database.db.select().from(brands).where(eq(brands.id, brandId));
    expect(after).toEqual(before);
    expect(await brandEvents()).toHaveLength(1);
  });

  it("records more events at once than one statement can carry (65,535 parameters)", async () => {
    const count = 12_000;
    await testApp.database.db.transaction((tx) =>
      recordAuditEvents(
        tx,
        Array.from({ length: count }, (_, index) => ({
          actorUserId: adminId,
          entityType: "bulk-test",
          entityId: index,
          action: "create",
        })),
      ),
    );
    const recorded = await testApp.database.db.$count(auditEvents, eq(auditEvents.entityType, "bulk-test"));
    expect(recorded).toBe(count);
  });
});
