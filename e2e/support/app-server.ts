import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const serverEntry = path.resolve(import.meta.dirname, "../../apps/server/src/server.ts");
const seedDemoEntry = path.resolve(import.meta.dirname, "../../apps/server/src/seed-demo.ts");

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The app did not become healthy within 60 s:\n${output()}`);
}

/** Runs `npm run seed:demo` on the data folder, before the server opens it (one process at a time). */
async function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [seedDemoEntry], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`The demo seed failed with ${code}:\n${output}`);
}

export interface StartAppOptions {
  /** Adds the demo data (`npm run seed:demo`) first: line lists to sort and publish, and so on. */
  seedDemo?: boolean;
  /**
   * The host name browsers use (and PUBLIC_URL names) instead of 127.0.0.1, e.g. `localhost`:
   * WebAuthn refuses an IP address as the relying party. The server still listens on 127.0.0.1.
   */
  hostname?: string;
}

/** Starts the built app on a free loopback port with a temporary data folder, as `npm start` would. */
export async function startApp(
  env: Record<string, string> = {},
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "catalog-manager-e2e-"));
  const port = await freePort();
  const localUrl = `http://127.0.0.1:${port}`;
  const baseUrl = options.hostname ? `http://${options.hostname}:${port}` : localUrl;
  const appEnv = {
    ...process.env,
    NODE_ENV: "development",
    APP_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Every spec signs the seeded admin in from one IP, many times a minute; the API suite tests the limits.
    LOGIN_RATE_LIMITS: "off",
    ...(options.hostname && { PUBLIC_URL: baseUrl }),
    ...env,
  };
  if (options.seedDemo) {
    try {
      await seedDemo(appEnv);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  // The V8 flag of the server's start script (apps/server/package.json; docs/performance.md).
  const child = spawn(process.execPath, ["--max-semi-space-size=16", serverEntry], {
    env: appEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await waitUntilHealthy(localUrl, child, () => output);
  } catch (error) {
    child.kill();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
