import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { historyEntries, users } from "../db/schema.ts";
import { recordHistory } from "./history.ts";

describe("the history's storage", () => {
  let testApp: TestApp;
  let adminId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    const [admin] = await testApp.database.db.select().from(users);
    adminId = admin!.id;
  });
  afterAll(() => testApp?.close());

  it("records more entries at once than one statement can carry (65,535 parameters)", async () => {
    const count = 9_000;
    await testApp.database.db.transaction((tx) =>
      recordHistory(
        tx,
        Array.from({ length: count }, (_, index) => ({
          actorUserId: adminId,
          entityType: "brand" as const,
          entityId: 1_000_000 + index,
          entityLabel: `Bulk ${index}`,
          action: "create" as const,
          changes: [{ field: "name", before: null, after: `Bulk ${index}` }],
        })),
      ),
    );
    const recorded = await testApp.database.db.$count(
      historyEntries,
      eq(historyEntries.entityLabel, "Bulk 8999"),
    );
    expect(recorded).toBe(1);
  });
});
