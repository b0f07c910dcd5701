import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage } from "./mailer.ts";

/** A mail as the dev outbox keeps it: one JSON file per message under `DATA_DIR/outbox`. */
export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export async function writeToOutbox(dir: string, message: MailMessage, sentAt: Date): Promise<OutboxEntry> {
  await mkdir(dir, { recursive: true });
  const entry: OutboxEntry = { ...message, sentAt: sentAt.toISOString() };
  // Names sort in sending order: the time, then a monotonic counter for mails of the same millisecond.
  const sequence = process.hrtime.bigint().toString().padStart(20, "0");
  const name = `${sentAt.toISOString().replaceAll(":", "-")}-${sequence}-${randomBytes(2).toString("hex")}.json`;
  // Written under another name, then renamed: a reader lists `.json` files only, and a rename
  // within a folder is atomic, so it never meets a mail half written (the outbox answered 500).
  const file = path.join(dir, name);
  await writeFile(`${file}.partial`, JSON.stringify(entry, null, 2), { encoding: "utf8", mode: 0o600 });
  await rename(`${file}.partial`, file);
  return entry;
}

/** Every mail in the outbox, newest first. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith(".json"))
      .map(async (name) => ({
        name,
        entry: JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxEntry,
      })),
  );
  return entries.sort((a, b) => b.name.localeCompare(a.name)).map(({ entry }) => entry);
}
