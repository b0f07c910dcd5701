// Start memory benchmark (goal: the server idles under 300 MB after its first start):
//   npm run bench:start [-- --idle-seconds 30]
//
// Starts the real server as `npm start` does (`src/server.ts`, the embedded database) on an empty
// temporary DATA_DIR, stops it with SIGTERM, and starts it again on the same folder. For each
// start it prints the time to a healthy `/healthz`, the process's peak resident size up to then
// (Linux VmHWM), its resident size (VmRSS) 5 s and `--idle-seconds` s later, and the peak over the
// whole start and idle time.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  freePort,
  moduleResolutionFlags,
  spawnServer,
  stopServer,
  waitUntilHealthy,
} from "../../apps/server/src/testing/processes.ts";
import { recordFigures } from "./support/summary.ts";
import { memoryOf } from "./support/proc-memory.ts";

const { values } = parseArgs({ options: { "idle-seconds": { type: "string", default: "30" } } });
const idleSeconds = Number(values["idle-seconds"]);
if (!(idleSeconds >= 5)) throw new Error("--idle-seconds must be at least 5");

const mb = (bytes: number) => bytes / 1024 / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StartFigures {
  healthyMs: number;
  peakAtHealthy: number;
  residentAfter5s: number;
  residentIdle: number;
  peak: number;
}

async function measureStart(dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  // As `npm start` runs on a fresh machine: the embedded database, NODE_ENV unset.
  const { DATABASE_URL: _embedded, NODE_ENV: _unset, ...inherited } = process.env;
  let output = "";
  const started = performance.now();
  const child = spawnServer(
    { ...inherited, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    moduleResolutionFlags,
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => output, 120_000);
    const healthyMs = performance.now() - started;
    const atHealthy = await memoryOf(child.pid!);
    await sleep(5000);
    const after5s = await memoryOf(child.pid!);
    await sleep((idleSeconds - 5) * 1000);
    const idle = await memoryOf(child.pid!);
    return {
      healthyMs,
      peakAtHealthy: atHealthy.peak,
      residentAfter5s: after5s.resident,
      residentIdle: idle.resident,
      peak: idle.peak,
    };
  } finally {
    await stopServer(child);
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-bench-start-"));
try {
  const first = await measureStart(dataDir);
  const restart = await measureStart(dataDir);
  const line = (name: string, figures: StartFigures) =>
    `${name.padEnd(12)} healthy in ${(figures.healthyMs / 1000).toFixed(1)} s, peak ${mb(figures.peakAtHealthy).toFixed(0)} MB by then, ` +
    `resident ${mb(figures.residentAfter5s).toFixed(0)} MB at +5 s and ${mb(figures.residentIdle).toFixed(0)} MB at +${idleSeconds} s, peak ${mb(figures.peak).toFixed(0)} MB in all`;
  console.log(line("first start", first));
  console.log(line("restart", restart));
  const restartAnchor = `restart: ${mb(restart.residentIdle).toFixed(0)} MB idle, peak ${mb(restart.peak).toFixed(0)} MB`;
  await recordFigures("start", [
    {
      figure: `server idle ${idleSeconds} s after its first start (embedded database)`,
      value: mb(first.residentIdle),
      unit: "MB",
      atMost: 300,
      anchor: restartAnchor,
    },
    {
      figure: "server idle 5 s after its first start",
      value: mb(first.residentAfter5s),
      unit: "MB",
      atMost: 300,
      anchor: restartAnchor,
    },
    { figure: "peak of the first start", value: mb(first.peak), unit: "MB", anchor: restartAnchor },
    {
      figure: "first start to healthy",
      value: first.healthyMs / 1000,
      unit: "s",
      anchor: `restart: ${(restart.healthyMs / 1000).toFixed(1)} s`,
    },
  ]);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
