import { sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { genericMessages } from "@cm/contracts/messages";
import { brands } from "../db/schema.ts";
import { ok } from "../lib/envelope.ts";
import { ConflictError, DomainError, InvalidError, NotFoundError } from "../lib/errors.ts";

describe("error handler", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    // Test routes live outside /api so they need no sign-in; the error handler covers every path.
    const app = testApp.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/test-only/styles",
      {
        schema: {
          body: z.object({
            name: z.string().min(3),
            sizes: z.array(z.object({ sku: z.string().min(1) })).min(1),
          }),
          querystring: z.object({ dryRun: z.enum(["yes", "no"]).optional() }),
        },
      },
      async (request) => ok(request.body),
    );
    app.get("/test-only/crash", async () => {
      throw new Error("boom at secretFunction (/srv/app/secret.ts:12)");
    });
    app.get("/test-only/bad-sql", async () => {
      await testApp.database.db.execute(sql`select password_hash from no_such_table`);
      return ok(null);
    });
    app.get(
      "/test-only/wrong-response",
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      async () => ({ count: "many" }) as unknown as { count: number },
    );
    app.get("/test-only/not-found", async () => {
      throw new NotFoundError("Brand not found");
    });
    app.get("/test-only/conflict", async () => {
      throw new ConflictError("Brand already exists");
    });
    app.get("/test-only/invalid", async () => {
      throw new InvalidError("Wrong Input", { name: ["Brand name is required"] });
    });
    app.get("/test-only/spec-500", async () => {
      throw new DomainError(500, "Failed to create Role: something went wrong at our side.");
    });
    app.get("/test-only/duplicate-brand", async () => {
      // The seed created "Crocs"; a route that forgot to check meets the unique index.
      await testApp.database.db.insert(brands).values({ name: "CROCS" });
      return ok(null);
    });
    app.get("/test-only/service-zod", async () => {
      z.object({ msrp: z.number().min(0) }).parse({ msrp: -1 });
      return ok(null);
    });
  });
  afterAll(() => testApp?.close());

  it("answers a validation failure with 400 Wrong Input and the broken fields", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/test-only/styles",
      payload: { name: "ab", sizes: [{ sku: "" }] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, message: "Wrong Input" });
    expect(Object.keys(body.data).sort()).toEqual(["name", "sizes.0.sku"]);
    expect(body.data.name[0]).toEqual(expect.any(String));
  });

  it("names the query parameter that failed", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/test-only/styles?dryRun=maybe",
      payload: { name: "Classic Clog", sizes: [{ sku: "1" }] },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data)).toEqual(["dryRun"]);
  });

  it("answers malformed JSON with 400 Wrong Input, not a 500", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/test-only/styles",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: "Wrong Input", data: null });
  });

  it("treats a zod failure inside a service as bad input", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/test-only/service-zod" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Wrong Input", data: { msrp: [expect.any(String)] } });
  });

  it.each([
    ["/test-only/not-found", 404, "Brand not found", null],
    ["/test-only/conflict", 409, "Brand already exists", null],
    ["/test-only/invalid", 400, "Wrong Input", { name: ["Brand name is required"] }],
    ["/test-only/spec-500", 500, "Failed to create Role: something went wrong at our side.", null],
    ["/test-only/duplicate-brand", 409, genericMessages.conflict, null],
  ])(
    "answers the domain error (or database refusal) of %s with its status and message",
    async (url, status, message, data) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message, data });
    },
  );

  it.each(["/test-only/crash", "/test-only/bad-sql", "/test-only/wrong-response"])(
    "answers an unexpected failure in %s with 500 and nothing of the cause",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        message: "Something went wrong in the server.",
        data: null,
      });
      expect(response.body).not.toMatch(/secret|select|no_such_table|password|\.ts:|at /i);
    },
  );
});
