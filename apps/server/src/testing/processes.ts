import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { mallocEnv } from "../memory-settings.ts";

/**
 * The real server as a child process, for the tests that need one listening (fault tests, two
 * instances on one database, the browser suite in e2e/support/app-server.ts) and the benchmark of
 * its start. Free of vitest, so Playwright and the benchmarks can load it too.
 *
 *   const port = await freePort();
 *   const child = spawnServer({ ...env, PORT: String(port) });
 *   await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => output);
 *   await stopServer(child);
 */

const serverEntry = path.resolve(import.meta.dirname, "../server.ts");

/**
 * drizzle-orm's imports resolved without reading its package.json each time, as the server's start
 * script loads it (src/module-resolution.ts; apps/server/package.json).
 */
export const moduleResolutionFlags = [
  "--import",
  path.resolve(import.meta.dirname, "../module-resolution.ts"),
];

/**
 * What the tests run the server's code with in the processes they start (`spawnServer`, the
 * browser suite's demo seed): the start script's module resolution, and PGlite's WebAssembly left
 * to V8's baseline compiler (`--liftoff-only`, as src/db/client.ts runs the database's creation).
 * These processes live seconds or a few minutes, and the optimizing compiler's work on PostgreSQL's
 * functions, in the background and with hundreds of megabytes, costs them more CPU than it saves.
 * `npm start` keeps it: a server that runs for days gains from it. So do the server tests' own
 * workers (vitest.config.ts), which run a whole project's statements each. docs/performance.md
 * ("The test suite") lists this among what holds the suite's time.
 */
export const testNodeFlags = [...moduleResolutionFlags, "--liftoff-only"];

/** A loopback port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts `src/server.ts` with `env`, the allocator settings and V8 flag of its start script and
 * `nodeFlags`, its output piped (read it from `stdout`/`stderr`). `nodeFlags` are the tests' unless
 * given: a benchmark of the start passes `moduleResolutionFlags`, to start it as `npm start` does.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  nodeFlags: readonly string[] = testNodeFlags,
): ChildProcess {
  // The V8 flag and allocator settings of the server's start script (apps/server/package.json;
  // src/memory-settings.ts; docs/performance.md).
  return spawn(process.execPath, [...nodeFlags, "--max-semi-space-size=16", serverEntry], {
    env: { ...mallocEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Polls `/healthz` until it answers 200; throws with the output so far if the process exits first
 * or `timeoutMs` passes (the process is left running: the caller decides how to stop it).
 */
export async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline)
      throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, as an operator stops it, and waits for the exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
