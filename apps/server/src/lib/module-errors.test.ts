import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandler } from "../plugins/error-handler.ts";
import { NotFoundError } from "./errors.ts";
import { useModuleMessages } from "./module-errors.ts";

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
    });
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

  it("leaves domain errors and other routes to the app's handler", async () => {
    const missing = await app.inject({ method: "GET", url: "/module/missing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Thing not found");
    const elsewhere = await app.inject({ method: "POST", url: "/elsewhere", payload: {} });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe("Wrong Input");
    const malformed = await app.inject({
      method: "POST",
      url: "/module",
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
  });
});
