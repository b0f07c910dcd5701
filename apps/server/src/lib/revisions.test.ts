import { eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectedRevisionSchema } from "@cm/contracts/envelope";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { historyEntries, brands } from "../db/schema.ts";
import { brandHistory } from "../modules/brands/service.ts";
import { updateEntity } from "./entity-write.ts";
import { toRevisioned, written } from "./envelope.ts";
import { ConflictError, NotFoundError } from "./errors.ts";
import { readExpectedRevision, updateWithRevision } from "./revisions.ts";

describe("revisions", () => {
  let testApp: TestApp;
  let brandId: number;

  async function brand() {
    const [row] = await testApp.database.db.select().from(brands).where(eq(brands.id, brandId));
    return row!;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const [crocs] = await testApp.database.db.select().from(brands).where(eq(brands.name, "Crocs"));
    brandId = crocs!.id;

    // A write route shaped like the real ones: read the revision, then lock, check, update and
    // record the history in one transaction.
    // It lives outside /api so it needs no sign-in.
    testApp.app.withTypeProvider<ZodTypeProvider>().put(
      "/test-only/brands/:id",
      {
        schema: {
          params: z.object({ id: z.coerce.number().int() }),
          body: expectedRevisionSchema.extend({ description: z.string() }),
        },
      },
      async (request) => {
        const expectedRevision = readExpectedRevision(request);
        const result = await testApp.database.db.transaction((tx) =>
          updateEntity(tx, brandHistory, {
            id: request.params.id,
            expectedRevision,
            actorUserId: null,
            apply: () => ({ description: request.body.description }),
          }),
        );
        return written(toRevisioned(result.row), { revision: result.afterRevision });
      },
    );
  });
  afterAll(() => testApp?.close());

  it("updates a row at the expected revision and bumps it", async () => {
    const before = await brand();
    const update = await updateWithRevision(testApp.database.db, brands, {
      id: brandId,
      expectedRevision: before.revision,
      values: { description: "Clogs" },
      notFoundMessage: "Brand not found",
    });
    expect(update).toMatchObject({ beforeRevision: before.revision, afterRevision: before.revision + 1 });
    expect(update.row).toMatchObject({ description: "Clogs", revision: before.revision + 1 });
    expect(update.row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
  });

  it("refuses a stale revision with a 409 conflict and leaves the row as it was", async () => {
    const before = await brand();
    const attempt = updateWithRevision(testApp.database.db, brands, {
      id: brandId,
      expectedRevision: before.revision - 1,
      values: { description: "Overwritten" },
      notFoundMessage: "Brand not found",
    });
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toMatchObject({ status: 409 });
    expect(await brand()).toEqual(before);
  });

  it("says not found, with the entity's message, for a missing row", async () => {
    const attempt = updateWithRevision(testApp.database.db, brands, {
      id: 987_654,
      expectedRevision: 1,
      values: { description: "x" },
      notFoundMessage: "Brand not found",
    });
    await expect(attempt).rejects.toEqual(new NotFoundError("Brand not found"));
  });

  it("takes the revision from If-Match and answers with the next one", async () => {
    const before = await brand();
    const response = await testApp.app.inject({
      method: "PUT",
      url: `/test-only/brands/${brandId}`,
      headers: { "if-match": `"${before.revision}"` },
      payload: { description: "Comfortable clogs" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      nextExpectedStreamVersion: before.revision + 1,
      createdNewStream: false,
      data: { id: brandId, description: "Comfortable clogs", _revision: before.revision + 1 },
    });
  });

  it("answers a stale expectedRevision with the 409 envelope and changes nothing", async () => {
    const before = await brand();
    const auditCount = await testApp.database.db.$count(historyEntries);
    const response = await testApp.app.inject({
      method: "PUT",
      url: `/test-only/brands/${brandId}`,
      payload: { description: "Lost update", expectedRevision: before.revision - 1 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: "This record was changed by someone else. Reload it and try again.",
      data: null,
    });
    expect(await brand()).toEqual(before);
    expect(await testApp.database.db.$count(historyEntries)).toBe(auditCount);
  });

  it("lets only one of two writers based on the same revision win", async () => {
    const before = await brand();
    const put = (description: string) =>
      testApp.app.inject({
        method: "PUT",
        url: `/test-only/brands/${brandId}`,
        headers: { "if-match": String(before.revision) },
        payload: { description },
      });
    const statuses = (await Promise.all([put("first"), put("second")])).map(
      (response) => response.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect((await brand()).revision).toBe(before.revision + 1);
  });

  it("rejects an If-Match that is not a revision as bad input", async () => {
    const response = await testApp.app.inject({
      method: "PUT",
      url: `/test-only/brands/${brandId}`,
      headers: { "if-match": "yesterday" },
      payload: { description: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Wrong Input",
      data: { "If-Match": [expect.any(String)] },
    });
  });
});
