import { errors } from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { DatabaseAdapter, deleteExpiredOidcPayloads } from "./oidc-adapter.ts";

describe("oidc-provider database adapter", () => {
  let testApp: TestApp;
  const adapter = (model: string) => new DatabaseAdapter(model, testApp.database.db);
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("stores, finds (by id, session uid, user code), updates and destroys payloads per model", async () => {
    await adapter("Session").upsert("s1", { uid: "u1", accountId: "1" }, 60);
    expect(await adapter("Session").find("s1")).toEqual({ uid: "u1", accountId: "1" });
    expect(await adapter("Session").findByUid("u1")).toEqual({ uid: "u1", accountId: "1" });
    expect(await adapter("Interaction").find("s1")).toBeUndefined();

    await adapter("Session").upsert("s1", { uid: "u1", accountId: "2" }, 60);
    expect(await adapter("Session").find("s1")).toMatchObject({ accountId: "2" });

    await adapter("DeviceCode").upsert("d1", { userCode: "ABCD-EFGH" }, 60);
    expect(await adapter("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH" });

    await adapter("Session").destroy("s1");
    expect(await adapter("Session").find("s1")).toBeUndefined();
  });

  it("does not return or keep expired payloads", async () => {
    await adapter("Interaction").upsert("gone", { uid: "gone" }, 1);
    expect(await adapter("Interaction").find("gone")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await adapter("Interaction").find("gone")).toBeUndefined();
    await deleteExpiredOidcPayloads(testApp.database.db);
  });

  it("consumes once; a second consume is a replay that revokes the grant", async () => {
    await adapter("Grant").upsert("g1", { accountId: "1" }, 600);
    await adapter("AuthorizationCode").upsert("c1", { grantId: "g1" }, 60);
    await adapter("RefreshToken").upsert("r1", { grantId: "g1" }, 600);

    await adapter("AuthorizationCode").consume("c1");
    expect(await adapter("AuthorizationCode").find("c1")).toMatchObject({
      grantId: "g1",
      consumed: expect.any(Number),
    });

    await expect(adapter("AuthorizationCode").consume("c1")).rejects.toBeInstanceOf(errors.InvalidGrant);
    expect(await adapter("RefreshToken").find("r1")).toBeUndefined();
    expect(await adapter("Grant").find("g1")).toBeUndefined();
  });

  it("revokes by grant within its own model", async () => {
    await adapter("AccessToken").upsert("a2", { grantId: "g2" }, 60);
    await adapter("RefreshToken").upsert("r2", { grantId: "g2" }, 60);
    await adapter("RefreshToken").revokeByGrantId("g2");
    expect(await adapter("RefreshToken").find("r2")).toBeUndefined();
    expect(await adapter("AccessToken").find("a2")).toBeDefined();
  });
});
