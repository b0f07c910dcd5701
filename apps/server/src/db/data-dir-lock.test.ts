import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, spawnServer } from "../testing/processes.ts";
import { dataDirLockFile, DataDirInUse, lockDataDir } from "./data-dir-lock.ts";

describe("the embedded database's folder lock", () => {
  it("refuses while another live process holds it and takes over one left by a dead process", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-lock-"));
    try {
      const hold = (pid: number) =>
        writeFile(
          dataDirLockFile(dataDir),
          JSON.stringify({ pid, hostname: os.hostname(), purpose: "server", since: "2026-01-01T00:00:00Z" }),
        );
      // The test runner's parent is alive, and is not this process.
      await hold(process.ppid);
      await expect(lockDataDir(dataDir, "restore")).rejects.toThrow(DataDirInUse);
      await expect(lockDataDir(dataDir, "restore")).rejects.toThrow(
        `is in use by a server (process ${process.ppid}`,
      );

      const gone = spawnSync(process.execPath, ["-e", ""]).pid;
      await hold(gone);
      const release = await lockDataDir(dataDir, "restore");
      expect(JSON.parse(await readFile(dataDirLockFile(dataDir), "utf8"))).toMatchObject({
        pid: process.pid,
        purpose: "restore",
      });
      await release();
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  it("lets exactly one of two processes starting at the same moment take over a stale lock", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-lock-race-"));
    const lockModule = path.join(import.meta.dirname, "data-dir-lock.ts");
    // Each child says it is ready, waits for the instant it is then sent, tries the lock, says
    // whether it got it, and holds it until told to end (the lock of a process that ended would be
    // stale again).
    const child = () =>
      spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `const { lockDataDir, DataDirInUse } = await import(${JSON.stringify(lockModule)});
           const { once } = await import("node:events");
           console.log("ready");
           const startAt = Number(await once(process.stdin, "data"));
           while (Date.now() < startAt);
           try {
             await lockDataDir(${JSON.stringify(dataDir)}, "server");
             console.log("held");
           } catch (error) {
             if (!(error instanceof DataDirInUse)) throw error;
             console.log("refused");
           }`,
        ],
        { stdio: ["pipe", "pipe", "inherit"] },
      );
    const nextLine = (running: ReturnType<typeof spawn>) =>
      new Promise<string>((resolve) =>
        running.stdout!.once("data", (chunk) => resolve(String(chunk).trim())),
      );
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const trials = 25;
    const outcomes: string[] = [];
    try {
      for (let trial = 0; trial < trials; trial++) {
        await writeFile(
          dataDirLockFile(dataDir),
          JSON.stringify({ pid: gone, hostname: os.hostname(), purpose: "server", since: `trial ${trial}` }),
        );
        const children = [child(), child()];
        await Promise.all(children.map(nextLine));
        const startAt = String(Date.now() + 20);
        for (const running of children) running.stdin!.write(startAt);
        const answers = await Promise.all(children.map(nextLine));
        outcomes.push(answers.sort().join(" + "));
        for (const running of children) {
          const exited = new Promise((resolve) => running.once("exit", resolve));
          running.stdin!.end();
          await exited;
        }
        await rm(dataDirLockFile(dataDir), { force: true });
      }
      expect(outcomes).toEqual(Array(trials).fill("held + refused"));
      // Nothing but the lock file is ever left in the folder.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
  it("stops a server whose DATA_DIR another process holds with one line saying so", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-lock-held-"));
    const release = await lockDataDir(dataDir, "backup");
    try {
      const server = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: "silent" });
      let stderr = "";
      server.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      const [code] = (await once(server, "exit")) as [number | null];
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([
        expect.stringContaining(`${dataDir} is in use by a backup (process ${process.pid}`),
      ]);
    } finally {
      await release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
