// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (docs/backups.md): the database
// the configuration names (DATA_DIR or DATABASE_URL) and, with local storage, the uploaded files.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { loadConfig, type Config } from "../env.ts";
import { orExitWithMessage } from "../lib/exit-with-message.ts";
import { BackupError, createBackup, restoreBackup } from "./backup.ts";

const usage = "Usage: npm run backup -- FILE   |   npm run restore -- FILE [--force]";

async function run(command: string, args: string[], config: Config): Promise<string> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: "boolean" } },
  });
  if (positionals.length !== 1 || (command === "backup" && values.force)) throw new BackupError(usage);
  const file = path.resolve(config.INIT_CWD ?? process.cwd(), positionals[0]!);
  const pgliteDir = path.join(config.DATA_DIR, "db");
  if (command === "backup" && !config.DATABASE_URL && !existsSync(pgliteDir)) {
    throw new BackupError(`There is no database in ${pgliteDir} to back up (set DATA_DIR or DATABASE_URL).`);
  }
  // Opening the embedded database takes DATA_DIR's lock: refused (DataDirInUse) while a server has it.
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir, pgliteHolder: command });
  try {
    const options = { database, dataDir: config.DATA_DIR, localStorage: !config.S3_BUCKET, file };
    const manifest =
      command === "backup"
        ? await createBackup(options)
        : await restoreBackup({ ...options, force: values.force });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const what = `${manifest.tables.length} tables (${rows} rows) and ${manifest.files} uploaded files, migration ${manifest.migration}`;
    const note = config.S3_BUCKET
      ? " Uploaded files in S3 are not included: back the bucket up on its own."
      : "";
    return command === "backup"
      ? `Backed up ${what} to ${file}.${note}`
      : `Restored ${what} from ${file}.${note}`;
  } finally {
    await database.close();
  }
}

const [command, ...args] = process.argv.slice(2);
await orExitWithMessage(async () => {
  if (command !== "backup" && command !== "restore") throw new BackupError(usage);
  console.log(await run(command, args, loadConfig()));
}, [BackupError]);
