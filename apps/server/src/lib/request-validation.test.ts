import { genericMessages, requestNestingLimit } from "@cm/contracts/messages";
import { roleMessages } from "@cm/contracts/roles";
import { count, sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signIn } from "../../test/auth.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { historyEntries, brands, organizations, roles } from "../db/schema.ts";
import { ok } from "./envelope.ts";
import { useModuleMessages } from "./module-errors.ts";

// PostgreSQL refuses NUL in text (22021), and in JSON text (22P05): neither may end in a 500.
describe("NUL characters in requests", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  const nulName = "\u0000\u202e";

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: "POST", url, payload, headers: auth });
  const rowCounts = async () => {
    const { db } = testApp.database;
    const counted = async (
      table: typeof brands | typeof roles | typeof organizations | typeof historyEntries,
    ) => (await db.select({ rows: count() }).from(table))[0]!.rows;
    return {
      brands: await counted(brands),
      roles: await counted(roles),
      organizations: await counted(organizations),
      historyEntries: await counted(historyEntries),
    };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    // Routes outside /api need no sign-in; they stand for input that reaches SQL past any schema.
    const app = testApp.app.withTypeProvider<ZodTypeProvider>();
    const { db } = testApp.database;
    app.get(
      "/test-only/search",
      { schema: { querystring: z.object({ q: z.string().optional() }) } },
      async (request) => ok(request.query.q ?? null),
    );
    app.post("/test-only/raw-text", async (request) => {
      const { text } = request.body as { text: string };
      await db.execute(sql`select ${text}::text`);
      return ok(null);
    });
    app.post("/test-only/raw-json", async (request) => {
      await db.execute(sql`select ${JSON.stringify(request.body)}::jsonb`);
      return ok(null);
    });
    await app.register(async (scope) => {
      useModuleMessages(scope, { invalidInput: "Module input refused", serverError: "Module failed" });
      scope.post("/test-only/module-raw-text", async (request) => {
        await db.execute(sql`select ${(request.body as { text: string }).text}::text`);
        return ok(null);
      });
    });
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  it.each([
    { url: "/api/brands", payload: { name: nulName }, message: genericMessages.wrongInput },
    {
      url: "/api/roles",
      payload: { name: nulName, type: "internal" },
      message: roleMessages.createInvalid,
    },
    { url: "/api/organizations", payload: { name: nulName }, message: genericMessages.wrongInput },
  ])(
    "POST $url with a NUL in the name answers 400 with the field error and stores nothing",
    async ({ url, payload, message }) => {
      const before = await rowCounts();
      const response = await post(url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message,
        data: { name: [genericMessages.nulCharacter] },
      });
      expect(await rowCounts()).toEqual(before);
    },
  );

  it("names every field holding a NUL, nested ones and record keys too", async () => {
    const before = await rowCounts();
    const response = await post("/api/organizations", {
      name: "Clogs\u0000 Inc",
      address: { city: "Spring\u0000field", line1: "1 Main St" },
      discounts: [{ "brand\u0000Id": 1 }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: genericMessages.wrongInput });
    expect(response.json().data).toEqual({
      name: [genericMessages.nulCharacter],
      "address.city": [genericMessages.nulCharacter],
      "discounts.0.brand\u0000Id": [genericMessages.nulCharacter],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a NUL in a query parameter", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/test-only/search?q=a%00b" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: genericMessages.wrongInput,
      data: { q: [genericMessages.nulCharacter] },
    });
  });

  it("refuses a lone surrogate (half of a UTF-16 pair) and takes a whole pair", async () => {
    const before = await rowCounts();
    const response = await post("/api/organizations", {
      name: "Clogs \ud800 Inc",
      address: { city: "x\udfff" },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().data).toMatchObject({
      name: [genericMessages.loneSurrogate],
      "address.city": [genericMessages.loneSurrogate],
    });
    expect(await rowCounts()).toEqual(before);
    const pair = await post("/api/brands", { name: "Feet \ud83e\uddb6" });
    expect(pair.statusCode, pair.body).toBe(201);
    expect(pair.json().data.name).toBe("Feet 🦶");
  });

  it.each([
    { url: "/api/brands", signedIn: true },
    { url: "/code/passkey/verify", signedIn: false },
  ])("answers a body nested 10,000 deep with 400, not a stack overflow ($url)", async ({ url, signedIn }) => {
    const nested = `${'{"a":['.repeat(10_000)}${"]}".repeat(10_000)}`;
    const before = await rowCounts();
    const response = await testApp.app.inject({
      method: "POST",
      url,
      payload: `{"name": "Deep", "walk": ${nested}}`,
      headers: { "content-type": "application/json", ...(signedIn && auth) },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
    expect(JSON.stringify(response.json().data)).toContain(genericMessages.nestedTooDeeply);
    expect(await rowCounts()).toEqual(before);
  });

  it("takes a body nested as deep as the limit", async () => {
    let walk: unknown = "leaf";
    for (let depth = 1; depth < requestNestingLimit; depth++) walk = { a: walk };
    const response = await post("/api/brands", { name: "Nested but fine", walk });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("still takes text without NUL, other control characters included", async () => {
    // A name refuses text-direction controls (contracts/names.ts); free text such as a description does not.
    const description = "Tab\tand\u202eright-to-left";
    const response = await post("/api/brands", { name: "Controls", description });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.description).toBe(description);
  });

  it.each([
    { what: "text", url: "/test-only/raw-text", payload: { text: "a\u0000b" } },
    { what: "JSON", url: "/test-only/raw-json", payload: { text: "a\u0000b" } },
    {
      what: "text, in a module with its own messages",
      url: "/test-only/module-raw-text",
      payload: { text: "\u0000" },
    },
  ])(
    "answers PostgreSQL refusing NUL in $what with 400 and the message, not a 500",
    async ({ url, payload }) => {
      // These routes have no body schema, so the NUL reaches the database.
      const response = await testApp.app.inject({ method: "POST", url, payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ success: false, message: genericMessages.nulCharacter, data: null });
    },
  );
});
