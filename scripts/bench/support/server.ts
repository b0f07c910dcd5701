// What the benchmarks share: the real server, started on a temporary data folder the way a
// restarted server finds it, listening on a free loopback port, with a signed-in admin.
import { execFileSync } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../apps/server/src/app.ts";
import { loadConfig } from "../../../apps/server/src/env.ts";
import { type Auth, signInOverHttp } from "../../../apps/server/src/testing/http-api.ts";
import { freePort } from "../../../apps/server/src/testing/processes.ts";

export function benchServerConfig(dataDir: string, databaseUrl: string | undefined, port = 0) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    // A benchmark signs in more than once a minute (the admin over HTTP, then in a browser, or
    // one staff user per client); the limits on login codes are not what it measures.
    LOGIN_RATE_LIMITS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** The `parseArgs` options every benchmark that starts the server takes. */
export const benchServerArgs = {
  // A fresh, empty PostgreSQL database to use instead of the embedded one.
  "database-url": { type: "string" },
  // Internal: migrate and seed a DATA_DIR (or the database) in this (child) process, then exit.
  "init-only": { type: "string" },
} as const;

/**
 * A benchmark script's `--init-only DIR` mode: migrate and seed the data folder (or the database)
 * in this child process, then exit.
 */
export async function initOnlyAndExit(dataDir: string, databaseUrl: string | undefined): Promise<never> {
  await (await buildApp(benchServerConfig(dataDir, databaseUrl))).close();
  process.exit(0);
}

export interface BenchServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:PORT` */
  address: string;
  /** Bearer headers of the seeded admin, signed in over HTTP through the real login-code flow. */
  auth: Auth;
}

/**
 * Runs the first start (database, migrations, seed) in a child process of `script` (started with
 * `--init-only dataDir` and the script's own arguments), then starts the server in this process.
 */
export async function startBenchServer(
  script: string,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<BenchServer> {
  execFileSync(process.execPath, [script, "--init-only", dataDir, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  const config = benchServerConfig(dataDir, databaseUrl, await freePort());
  const app = await buildApp(config);
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const auth = await signInOverHttp(address, config.ADMIN_EMAIL);
  return { app, address, auth };
}
