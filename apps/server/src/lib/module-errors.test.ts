import { genericMessages } from "@cm/contracts/messages";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "../plugins/error-handler.ts";
import { NotFoundError } from "./errors.ts";
import { moduleErrorHandler, useModuleMessages } from "./module-errors.ts";

describe("module messages", () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(async (module) => {
      useModuleMessages(module, { invalidInput: "Module says invalid.", serverError: "Module says broken." });
      const routes = module.withTypeProvider<ZodTypeProvider>();
      routes.post(
        "/module",
        { schema: { body: z.object({ name: z.string().min(1, "Name please") }) } },
        async () => ({}),
      );
      routes.get("/module/missing", async () => {
        throw new NotFoundError("Thing not found");
      });
      routes.get("/module/broken", async () => {
        throw new Error("select * from secrets");
      });
      routes.get("/module/service-zod", async () =>
        z.object({ msrp: z.number().min(0) }).parse({ msrp: -1 }),
      );
      routes.get("/module/lost-race", async () => {
        throw new Error("insert failed", {
          cause: Object.assign(new Error("duplicate key"), { code: "23505" }),
        });
      });
      routes.post(
        "/module/file",
        { bodyLimit: 10, schema: { body: z.object({ name: z.string() }) } },
        async () => ({}),
      );
    });
    await app.register(async (module) => {
      useModuleMessages(module, {
        invalidInput: "File refused.",
        serverError: "File broke.",
        bodyTooLarge: "The file is too large.",
        unsupportedMediaType: "Send a CSV file.",
      });
      module.post("/file", { bodyLimit: 10 }, async () => ({}));
    });
    app.withTypeProvider<ZodTypeProvider>().put(
      "/one-route",
      {
        errorHandler: moduleErrorHandler({ invalidInput: "This route says invalid." }),
        schema: { body: z.object({ name: z.string() }) },
      },
      async () => ({}),
    );
    app
      .withTypeProvider<ZodTypeProvider>()
      .post("/elsewhere", { schema: { body: z.object({ name: z.string() }) } }, async () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers bad input with the module's message and the fields", async () => {
    const response = await app.inject({ method: "POST", url: "/module", payload: { name: "" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Module says invalid.",
      data: { name: ["Name please"] },
    });
  });

  it("answers its own failures with the module's message and nothing more", async () => {
    const response = await app.inject({ method: "GET", url: "/module/broken" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: "Module says broken.", data: null });
  });

  it("answers a zod failure inside a service as bad input, with the module's message", async () => {
    const response = await app.inject({ method: "GET", url: "/module/service-zod" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Module says invalid.",
      data: { msrp: [expect.any(String)] },
    });
  });

  it("answers malformed JSON as bad input, with the module's message", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/module",
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: "Module says invalid.", data: null });
  });

  it("answers a database violation like the domain error it amounts to", async () => {
    const response = await app.inject({ method: "GET", url: "/module/lost-race" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: genericMessages.conflict, data: null });
  });

  it("names a body too large and a content type refused in the module's terms, where it has them", async () => {
    const file = (url: string, contentType: string) =>
      app.inject({ method: "POST", url, payload: "x".repeat(20), headers: { "content-type": contentType } });
    expect((await file("/file", "application/json")).json()).toEqual({
      success: false,
      message: "The file is too large.",
      data: null,
    });
    const refusedType = await file("/file", "image/png");
    expect(refusedType.statusCode).toBe(415);
    expect(refusedType.json().message).toBe("Send a CSV file.");
    const elsewhere = await file("/module/file", "application/json");
    expect(elsewhere.statusCode).toBe(413);
    expect(elsewhere.json()).toMatchObject({ success: false, message: expect.any(String), data: null });
  });

  it("answers a route's own bad input with the route's message", async () => {
    const response = await app.inject({ method: "PUT", url: "/one-route", payload: { name: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "This route says invalid.",
      data: { name: [expect.any(String)] },
    });
  });

  it("leaves domain errors and other routes to the app's handler", async () => {
    const missing = await app.inject({ method: "GET", url: "/module/missing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Thing not found");
    const elsewhere = await app.inject({ method: "POST", url: "/elsewhere", payload: {} });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe("Wrong Input");
  });
});
