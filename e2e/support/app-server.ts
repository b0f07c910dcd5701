import { spawn } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  freePort,
  spawnServer,
  stopServer,
  testNodeFlags,
  waitUntilHealthy,
} from "../../apps/server/src/testing/processes.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const seedDemoEntry = path.join(repoRoot, "apps/server/src/demo/cli.ts");

/** Runs `command` in the repository; if it fails, the error says `what` failed, with its output. */
async function run(
  what: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${what} failed with ${code}:\n${output}`);
}

/** `npm run build`: the web app every server of the run serves. */
export async function buildWebApp(): Promise<void> {
  await run("The web app's build", "npm", ["run", "build"]);
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

/** Runs `npm run seed:demo` on the data folder, before the server opens it (one process at a time). */
async function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  await run("The demo seed", process.execPath, [...testNodeFlags, seedDemoEntry], env);
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

/** Where the run's data folder templates are named, for the workers (`makeDataDirTemplates`). */
function templateVariable(options: StartAppOptions): string {
  return options.seedDemo ? "E2E_DEMO_DATA_DIR" : "E2E_PLAIN_DATA_DIR";
}

export interface DataDirTemplates {
  /** Settles once the demo template is made and named too; rejects if it could not be. */
  demoMade: Promise<void>;
  /** Removes both templates' folders. */
  remove(): Promise<void>;
}

/**
 * Makes, once per run, a data folder as a first start leaves it and one with the demo data too,
 * and names them in the environment the workers inherit: `startApp` then copies one instead of
 * creating a database, migrating it and seeding it again for every app of its own a spec starts,
 * which takes many times as long (longest with the demo data). Each copy is still an app of its
 * own: what a test writes stays in its copy.
 *
 * The plain template is the folder of a server started and stopped once (database created,
 * migrated and seeded, storage identity written). The demo one is a copy of it with the demo seed
 * run on it, as `npm run seed:demo` adds the demo data to a stopped server's folder. This resolves
 * once the plain one is named; the demo data is still being added (`demoMade`), so the caller can
 * start an app from the plain one meanwhile.
 */
export async function makeDataDirTemplates(): Promise<DataDirTemplates> {
  const plainVariable = templateVariable({});
  const demoVariable = templateVariable({ seedDemo: true });
  delete process.env[plainVariable];
  delete process.env[demoVariable];
  const plain = await startApp();
  await plain.stop({ keepDataDir: true });
  process.env[plainVariable] = plain.dataDir;
  const demoDir = await mkdtemp(path.join(os.tmpdir(), "catalog-manager-e2e-"));
  const demoMade = (async () => {
    await cp(plain.dataDir, demoDir, { recursive: true });
    await seedDemo({ ...process.env, ...appEnvironment(demoDir) });
    process.env[demoVariable] = demoDir;
  })();
  return {
    demoMade,
    async remove() {
      for (const dir of [plain.dataDir, demoDir]) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** What an app of the suite runs with in its data folder, whatever its port. */
function appEnvironment(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "development",
    APP_ENV: "development",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Every spec signs the seeded admin in from one IP, many times a minute; the API suite tests the limits.
    LOGIN_RATE_LIMITS: "off",
  };
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
    ...appEnvironment(dataDir),
    HOST: "127.0.0.1",
    PORT: String(port),
    ...(options.hostname && { PUBLIC_URL: baseUrl }),
    ...env,
  };
  const template = process.env[templateVariable(options)];
  try {
    if (template) await cp(template, dataDir, { recursive: true });
    else if (options.seedDemo) await seedDemo(appEnv);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawnServer(appEnv);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await waitUntilHealthy(localUrl, child, () => output, 60_000);
  } catch (error) {
    child.kill();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    async stop({ keepDataDir = false } = {}) {
      await stopServer(child);
      if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
