import { genericMessages } from "@cm/contracts/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { historyEntries, brands, users } from "../db/schema.ts";
import {
  changedFields,
  createdChanges,
  defineHistoryEntity,
  deleteEntity,
  recordCreated,
  updateEntity,
} from "./entity-write.ts";
import { ConflictError, NotFoundError } from "./errors.ts";

describe("changedFields", () => {
  it("lists only the fields whose value differs, each before and after", () => {
    expect(
      changedFields(
        { name: "Crocs", status: "active", tags: ["a", "b"], address: { city: "Lyon", line1: "1 rue" } },
        { name: "Crocs", status: "inactive", tags: ["a", "b"], address: { line1: "1 rue", city: "Lyon" } },
      ),
    ).toEqual([{ field: "status", before: "active", after: "inactive" }]);
  });

  it("treats a missing field as null and keeps values as JSON", () => {
    const at = new Date("2027-03-01T10:00:00Z");
    expect(changedFields({ description: undefined }, { description: null, publishedAt: at })).toEqual([
      { field: "publishedAt", before: null, after: "2027-03-01T10:00:00.000Z" },
    ]);
  });

  it("gives a creation its first values, leaving the empty ones out", () => {
    expect(createdChanges({ name: "Crocs", description: null, tags: [], factor: 0 })).toEqual([
      { field: "name", before: null, after: "Crocs" },
      { field: "factor", before: null, after: 0 },
    ]);
  });
});

describe("the entity write helper", () => {
  let testApp: TestApp;
  let adminId: number;

  const brandEntity = defineHistoryEntity({
    type: "brand",
    table: brands,
    notFoundMessage: "Brand not found",
    describe: (_tx, row) => ({
      label: row.name,
      fields: { name: row.name, description: row.description, status: row.status },
    }),
  });

  const newBrand = async (name: string) => {
    const [row] = await testApp.database.db.insert(brands).values({ name, categoryId: 1 }).returning();
    return row!;
  };
  const brandRow = async (id: number) =>
    (await testApp.database.db.select().from(brands).where(eq(brands.id, id)))[0];
  const entriesOf = (id: number) =>
    testApp.database.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.entityType, "brand"), eq(historyEntries.entityId, String(id))))
      .orderBy(historyEntries.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    const [admin] = await testApp.database.db.select().from(users);
    adminId = admin!.id;
  });
  afterAll(() => testApp?.close());

  it("updates the row, bumps its revision and records one entry with the fields that changed", async () => {
    const brand = await newBrand("Helper One");
    const result = await testApp.database.db.transaction((tx) =>
      updateEntity(tx, brandEntity, {
        id: brand.id,
        expectedRevision: 1,
        actorUserId: adminId,
        apply: (current) => ({ name: `${current.name} Renamed`, description: null }),
      }),
    );
    expect(result).toMatchObject({
      row: { name: "Helper One Renamed", revision: 2 },
      before: { name: "Helper One", revision: 1 },
      beforeRevision: 1,
      afterRevision: 2,
      changes: [{ field: "name", before: "Helper One", after: "Helper One Renamed" }],
    });
    expect(await entriesOf(brand.id)).toEqual([
      expect.objectContaining({
        actorUserId: adminId,
        entityLabel: "Helper One Renamed",
        action: "update",
        changes: [{ field: "name", before: "Helper One", after: "Helper One Renamed" }],
        summary: null,
        beforeRevision: 1,
        afterRevision: 2,
      }),
    ]);
  });

  it("records the action and summary it is given, computed once `apply` ran", async () => {
    const brand = await newBrand("Helper Status");
    let said = "";
    await testApp.database.db.transaction((tx) =>
      updateEntity(tx, brandEntity, {
        id: brand.id,
        expectedRevision: undefined,
        actorUserId: null,
        action: () => (said ? "status" : "update"),
        apply: () => {
          said = "made inactive by a job";
          return { status: "inactive" };
        },
        summary: () => said,
      }),
    );
    expect(await entriesOf(brand.id)).toEqual([
      expect.objectContaining({
        actorUserId: null,
        action: "status",
        changes: [{ field: "status", before: "active", after: "inactive" }],
        summary: "made inactive by a job",
      }),
    ]);
  });

  it("bumps the revision of a write that changed nothing but records nothing", async () => {
    const brand = await newBrand("Helper Same");
    await testApp.database.db.transaction((tx) =>
      updateEntity(tx, brandEntity, {
        id: brand.id,
        expectedRevision: 1,
        actorUserId: adminId,
        apply: () => ({ name: "Helper Same" }),
      }),
    );
    expect(await brandRow(brand.id)).toMatchObject({ revision: 2 });
    expect(await entriesOf(brand.id)).toEqual([]);
  });

  it("refuses a stale revision (409) and an unknown row (404) before `apply`, recording nothing", async () => {
    const brand = await newBrand("Helper Stale");
    let applied = false;
    const write = (id: number, expectedRevision: number) =>
      testApp.database.db.transaction((tx) =>
        updateEntity(tx, brandEntity, {
          id,
          expectedRevision,
          actorUserId: adminId,
          apply: () => {
            applied = true;
            return { name: "Never" };
          },
        }),
      );
    await expect(write(brand.id, 7)).rejects.toThrow(new ConflictError(genericMessages.staleRevision));
    await expect(write(987_654, 1)).rejects.toThrow(new NotFoundError("Brand not found"));
    expect(applied).toBe(false);
    expect(await brandRow(brand.id)).toMatchObject({ name: "Helper Stale", revision: 1 });
    expect(await entriesOf(brand.id)).toEqual([]);
  });

  it("leaves no trace when `apply` throws, or when the transaction fails after the write", async () => {
    const brand = await newBrand("Helper Rollback");
    await expect(
      testApp.database.db.transaction((tx) =>
        updateEntity(tx, brandEntity, {
          id: brand.id,
          expectedRevision: undefined,
          actorUserId: adminId,
          apply: async () => {
            await tx
              .update(brands)
              .set({ description: "written, then undone" })
              .where(eq(brands.id, brand.id));
            throw new ConflictError("a rule refused it");
          },
        }),
      ),
    ).rejects.toThrow("a rule refused it");
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await updateEntity(tx, brandEntity, {
          id: brand.id,
          expectedRevision: undefined,
          actorUserId: adminId,
          apply: () => ({ name: "Helper Lost" }),
        });
        throw new Error("a later step of the same write failed");
      }),
    ).rejects.toThrow("a later step");
    expect(await brandRow(brand.id)).toMatchObject({
      name: "Helper Rollback",
      description: null,
      revision: 1,
    });
    expect(await entriesOf(brand.id)).toEqual([]);
  });

  it("runs the row's update inside `around`", async () => {
    const brand = await newBrand("Helper Around");
    const seen: string[] = [];
    await testApp.database.db.transaction((tx) =>
      updateEntity(tx, brandEntity, {
        id: brand.id,
        expectedRevision: undefined,
        actorUserId: adminId,
        apply: () => ({ description: "wrapped" }),
        around: async (write) => {
          seen.push("before");
          const written = await write();
          seen.push("after");
          return written;
        },
      }),
    );
    expect(seen).toEqual(["before", "after"]);
    expect(await entriesOf(brand.id)).toHaveLength(1);
  });

  it("deletes a row after its checks and records its last values under the name it had", async () => {
    const brand = await newBrand("Helper Delete");
    await expect(
      testApp.database.db.transaction((tx) =>
        deleteEntity(tx, brandEntity, {
          id: brand.id,
          expectedRevision: undefined,
          actorUserId: adminId,
          check: () => {
            throw new ConflictError("still in use");
          },
        }),
      ),
    ).rejects.toThrow("still in use");
    expect(await brandRow(brand.id)).toBeDefined();
    expect(await entriesOf(brand.id)).toEqual([]);

    const deleted = await testApp.database.db.transaction((tx) =>
      deleteEntity(tx, brandEntity, { id: brand.id, expectedRevision: 1, actorUserId: adminId }),
    );
    expect(deleted).toMatchObject({ id: brand.id, name: "Helper Delete" });
    expect(await brandRow(brand.id)).toBeUndefined();
    expect(await entriesOf(brand.id)).toEqual([
      expect.objectContaining({
        entityLabel: "Helper Delete",
        action: "delete",
        changes: [
          { field: "name", before: "Helper Delete", after: null },
          { field: "status", before: "active", after: null },
        ],
        beforeRevision: 1,
      }),
    ]);
  });

  it("records creations with their first values, at the time given", async () => {
    const brand = await newBrand("Helper Created");
    const at = new Date("2026-11-02T08:30:00Z");
    await testApp.database.db.transaction((tx) =>
      recordCreated(tx, brandEntity, [brand], { actorUserId: null, at, summary: "seeded" }),
    );
    expect(await entriesOf(brand.id)).toEqual([
      expect.objectContaining({
        actorUserId: null,
        action: "create",
        entityLabel: "Helper Created",
        changes: [
          { field: "name", before: null, after: "Helper Created" },
          { field: "status", before: null, after: "active" },
        ],
        summary: "seeded",
        afterRevision: 1,
        createdAt: at,
      }),
    ]);
  });
});
