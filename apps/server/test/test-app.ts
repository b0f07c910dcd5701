import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import type { DatabaseHandle } from "../src/db/client.ts";
import { loadConfig, type Config } from "../src/env.ts";
import { cloneTemplate } from "./test-database.ts";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Closes the app, deletes its database copy and its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The whole app on its own fresh, migrated and seeded database, with a temporary DATA_DIR and
 * quiet logs. Not yet ready: a test may still add its own routes before the first `inject`.
 * Close it in `afterAll`/`afterEach`.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-test-data-"));
  const testDatabase = await cloneTemplate(inject("testDatabase"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      // A folder that is never built, so no test depends on whether the web app was built.
      WEB_DIST_DIR: path.join(dataDir, "web-dist"),
    }),
    DATABASE_URL: testDatabase.databaseUrl,
    ...overrides,
  };

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: testDatabase.database });
  } catch (error) {
    await testDatabase.dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    app,
    config,
    database: testDatabase.database,
    close: async () => {
      try {
        await app.close();
      } finally {
        await testDatabase.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
