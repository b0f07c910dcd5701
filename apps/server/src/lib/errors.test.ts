import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { brands } from "../db/schema.ts";
import { isUniqueViolation } from "./errors.ts";

describe("isUniqueViolation", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  async function insertError(name: string): Promise<unknown> {
    try {
      await testApp.database.db.insert(brands).values({ name });
    } catch (error) {
      return error;
    }
    throw new Error("expected the insert to fail");
  }

  it("recognises a broken unique constraint through the driver's wrapping, by name too", async () => {
    // The seed created "Crocs"; brand names are unique whatever their case.
    const error = await insertError("CROCS");
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "brands_name_unique")).toBe(true);
    expect(isUniqueViolation(error, "users_email_unique")).toBe(false);
  });

  it("says no for other failures", async () => {
    const error = await testApp.database.db
      .insert(brands)
      .values({ name: "Orphan", categoryId: 99 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isUniqueViolation(new Error("plain"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
