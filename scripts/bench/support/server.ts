// What the benchmarks share: the real server, started on a temporary data folder the way a
// restarted server finds it, listening on a free loopback port, with a signed-in admin.
import { execFileSync } from "node:child_process";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../apps/server/src/app.ts";
import { loadConfig } from "../../../apps/server/src/env.ts";
import { signIn } from "../../../apps/server/test/auth.ts";
import type { TestApp } from "../../../apps/server/test/test-app.ts";

export function benchServerConfig(dataDir: string, databaseUrl: string | undefined, port = 0) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    // A benchmark signs the admin in more than once a minute (over inject, then a browser's
    // sign-in over HTTP); the limits on login codes are not what it measures.
    LOGIN_RATE_LIMITS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/**
 * A benchmark script's `--init-only DIR` mode: migrate and seed the data folder (or the database)
 * in this child process, then exit.
 */
export async function initOnlyAndExit(dataDir: string, databaseUrl: string | undefined): Promise<never> {
  await (await buildApp(benchServerConfig(dataDir, databaseUrl))).close();
  process.exit(0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:PORT` */
  address: string;
  /** Bearer headers of the seeded admin, signed in through the real login-code flow. */
  auth: Record<string, string>;
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
  const auth = await signIn({ app, config, database: app.database, close: async () => {} } as TestApp);
  return { app, address, auth };
}
