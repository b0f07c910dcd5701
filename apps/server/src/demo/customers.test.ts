import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { organizations, stores } from "../db/schema.ts";
import { seedDemoCustomers } from "./customers.ts";

describe("demo customers", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("registers the demo customers with their stores once", async () => {
    const { db } = testApp.database;
    expect((await seedDemoCustomers(db)).created).toEqual(["Sunset Soles", "Maple Feet", "Island Steps"]);
    expect(await db.$count(organizations, eq(organizations.type, "external"))).toBe(3);
    expect(await db.$count(stores)).toBe(4);
    const [multiBrand] = await db.select().from(stores).where(eq(stores.name, "Lincoln Road"));
    expect(multiBrand!.storeType).toBe("multi-brand");
    expect((await seedDemoCustomers(db)).created).toEqual([]);
    expect(await db.$count(stores)).toBe(4);
  });
});
