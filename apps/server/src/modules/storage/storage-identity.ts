import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { storageIdentity } from "./schema.ts";

/** The file in DATA_DIR naming the local storage folder the database was first used with. */
export function storageIdFile(dataDir: string): string {
  return path.join(dataDir, "storage-id");
}

/** This DATA_DIR's storage is not the one the database's uploads are in: starting would lose files. */
class StorageIdentityMismatch extends Error {}

async function readStorageId(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Checks that `dataDir` holds the uploads of this database, recording the pair on first use.
 * Instances starting together on a new database race on one insert: the loser finds the winner's
 * id, not its own, and is refused like any other instance with its own folder. A database without
 * a record (new, or from before the check) adopts the folder's id.
 */
export async function checkStorageIdentity(db: Database, dataDir: string): Promise<string> {
  const file = storageIdFile(dataDir);
  const local = await readStorageId(file);
  const candidate = local ?? randomUUID();
  await db.insert(storageIdentity).values({ storageId: candidate }).onConflictDoNothing();
  const [recorded] = await db
    .select({ storageId: storageIdentity.storageId })
    .from(storageIdentity)
    .where(eq(storageIdentity.id, 1));
  if (recorded!.storageId !== candidate) {
    throw new StorageIdentityMismatch(
      `DATA_DIR ${dataDir} is not the folder this database keeps its uploaded files in: the database ` +
        `names storage ${recorded!.storageId}, ${local ? `${file} names ${local}` : `${file} is missing`}. ` +
        "Every instance on one database must use the same DATA_DIR (one shared folder) or S3 storage " +
        "(S3_BUCKET); a DATA_DIR moved on purpose must keep its storage folder and storage-id file. " +
        "See docs/backups.md (Several instances).",
    );
  }
  if (!local) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${candidate}\n`, { flag: "wx" });
  }
  return candidate;
}
