import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
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

/** The lock file's text; undefined when there is none. */
async function readLockText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The owner a lock file's text names; undefined when it names none (written by hand, say). */
function ownerOf(text: string | undefined): LockOwner | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as LockOwner);
  } catch {
    return undefined;
  }
}

/** Deletes a file; one already gone is no matter. */
async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Creates the lock file holding `text`, or answers false when it exists. The text is written to a
 * file of this process's own and linked into place: the lock file appears whole, never empty or
 * half written, so another starter never mistakes a lock being written for an abandoned one.
 */
async function createLockFile(file: string, text: string): Promise<boolean> {
  const draft = `${file}.${process.pid}-${randomUUID()}.new`;
  await writeFile(draft, text, { flag: "wx" });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await removeFile(draft);
  }
}

/**
 * Removes the lock file if it still holds `seen` (the abandoned lock this process read). Deleting
 * it outright would race: two starters both read the abandoned lock, one deletes it and takes the
 * folder, and the other then deletes that new lock and takes the folder too. Renamed aside instead,
 * which only one of them can do to a given file; a starter that finds it moved someone's new lock
 * (taken between its read and its rename) links it back, which fails rather than overwrite a lock
 * a third starter took in that instant.
 */
async function removeAbandonedLock(file: string, seen: string): Promise<void> {
  const aside = `${file}.${process.pid}-${randomUUID()}.abandoned`;
  try {
    await rename(file, aside);
  } catch (error) {
    // Already set aside by another starter.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if ((await readFile(aside, "utf8")) === seen) return;
    await link(aside, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await removeFile(aside);
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
    if (ownerOf(await readLockText(file))?.pid === process.pid) await removeFile(file);
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
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createLockFile(file, JSON.stringify(owner))) {
      heldHere.set(file, 1);
      return release;
    }
    const text = await readLockText(file);
    if (text === undefined) continue;
    const current = ownerOf(text);
    if (current && (current.hostname !== os.hostname() || isAlive(current.pid))) {
      throw new DataDirInUse(
        `${dataDir} is in use by a ${current.purpose} (process ${current.pid} on ${current.hostname}, ` +
          `since ${current.since}): stop it first. If that process is gone, delete ${file}.`,
      );
    }
    await removeAbandonedLock(file, text);
  }
  throw new DataDirInUse(`${dataDir} is in use: another process took ${file} at the same moment.`);
}
