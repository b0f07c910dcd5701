import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { writeTemplateDataDir } from "../test/test-database.ts";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { users } from "./db/schema.ts";
import { loadConfig } from "./env.ts";
import { dataDirLockFile } from "./db/data-dir-lock.ts";

describe("app", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("answers /healthz with 200 while the database answers", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with the 404 envelope", async () => {
    for (const [method, url] of [
      ["GET", "/api/does-not-exist"],
      ["POST", "/api/brands/nothing/here"],
      ["GET", "/api"],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, message: "Not found", data: null });
    }
  });

  it("sends security headers with a CSP that allows only our origin and no inline scripts", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/healthz" });
    const csp = String(response.headers["content-security-policy"]);
    const directives = new Map(
      csp.split(";").map((directive) => {
        const [name = "", ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("script-src-attr")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|\*/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("publishes an OpenAPI document listing the documented routes", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths["/healthz"]?.get).toMatchObject({ summary: "Health check" });
    expect(document.paths["/api/config"]?.get).toBeDefined();
    // The docs' own pages and the SPA files are not part of the API.
    expect(Object.keys(document.paths).some((path) => path.startsWith("/api/docs"))).toBe(false);
  });

  it("serves the browsable API docs with scripts from our origin only", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const script = await testApp.app.inject({
      method: "GET",
      url: "/api/docs/static/swagger-initializer.js",
    });
    expect(script.statusCode).toBe(200);
  });

  it("serves the public settings the SPA needs before sign-in", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/config" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: "OK",
      data: { appEnv: testApp.config.APP_ENV, companyName: testApp.config.COMPANY_NAME },
    });
  });

  it("answers /healthz with 503 once the database is gone", async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: "GET", url: "/healthz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable" });
    } finally {
      await broken.close();
    }
  });
});

describe("an app that cannot start", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-app-start-fails-"));
    // A folder a first start made, without making one here (initdb, migrations and seed take seconds).
    // On a PostgreSQL run the template is on the server, and the app creates its embedded database.
    const template = inject("testDatabase");
    if (template.kind === "pglite") await writeTemplateDataDir(template, path.join(dataDir, "db"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("closes the database it opened and leaves DATA_DIR unlocked when a plugin fails to load", async () => {
    // The mail module refuses production without SMTP_URL, after the database is open and seeded.
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    await expect(buildApp(config)).rejects.toThrow("SMTP_URL must be set when NODE_ENV=production");
    // No lock file left beside the database: the next start (or a backup) may open it.
    expect(existsSync(dataDirLockFile(dataDir))).toBe(false);
    // It did open the database: the seed ran. And closed it: the database opens again.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    try {
      const admins = await database.db.select({ email: users.email }).from(users);
      expect(admins).toEqual([{ email: config.ADMIN_EMAIL }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
