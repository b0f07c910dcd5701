import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * The embedded database may be opened by one process at a time (PGlite has no lock of its own):
 * whoever opens it (`openDatabase`: the server, backup and restore, the demo seed) holds this file
 * in DATA_DIR until it closes it, so none of them works under another.
 */
export function dataDirLockFile(dataDir: string): string {
  return path.join(dataDir, "server.pid");
}

export class DataDirInUse extends Error {}

interface LockOwner {
  pid: number;
  hostname: string;
  /** What holds it: "server", "backup", "restore". */
  purpose: string;
  since: string;
}

/** Whether process `pid` runs on this machine. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as LockOwner;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Missing, or half written by a crash: nobody holds it.
    if (code === "ENOENT" || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Deletes the lock file; one already gone (deleted by hand, or by a racing taker) is no matter. */
async function removeLockFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Holders in this process per lock file: apps built twice in one process (tests) share it. */
const heldHere = new Map<string, number>();

/**
 * Takes DATA_DIR's lock for `purpose`, or throws `DataDirInUse` naming the live process that holds
 * it. A lock left by a process that is gone (SIGKILL, power loss) is taken over. Answers the
 * release function.
 */
export async function lockDataDir(dataDir: string, purpose: string): Promise<() => Promise<void>> {
  const file = dataDirLockFile(dataDir);
  const release = async () => {
    const count = (heldHere.get(file) ?? 1) - 1;
    if (count > 0) return void heldHere.set(file, count);
    heldHere.delete(file);
    if ((await readOwner(file))?.pid === process.pid) await removeLockFile(file);
  };
  const held = heldHere.get(file);
  if (held) {
    heldHere.set(file, held + 1);
    return release;
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    purpose,
    since: new Date().toISOString(),
  };
  await mkdir(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, JSON.stringify(owner), { flag: "wx" });
      heldHere.set(file, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const current = await readOwner(file);
    if (current && (current.hostname !== os.hostname() || isAlive(current.pid))) {
      throw new DataDirInUse(
        `${dataDir} is in use by a ${current.purpose} (process ${current.pid} on ${current.hostname}, ` +
          `since ${current.since}): stop it first. If that process is gone, delete ${file}.`,
      );
    }
    await removeLockFile(file);
  }
  throw new DataDirInUse(`${dataDir} is in use: another process took ${file} at the same moment.`);
}
