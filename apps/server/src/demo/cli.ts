// `npm run seed:demo`: adds the demo data to the database the configuration names (DATA_DIR or
// DATABASE_URL), migrating and seeding it first if needed. With the embedded database, stop the
// server first: one process at a time may open DATA_DIR/db, and this refuses while one has it.
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { seedDemoData } from "./seed.ts";
import { ConfigError, loadConfig } from "../env.ts";
import { DataDirInUse } from "../db/data-dir-lock.ts";

let config;
let database;
try {
  config = loadConfig();
  database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
    pgliteHolder: "demo seed",
  });
} catch (error) {
  // A bad setting, or the embedded database held by a running server: say so, without a stack.
  if (error instanceof ConfigError || error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  await migrateDatabase(database);
  const { lineLists, orders } = await seedDemoData(database.db, config);
  const added = [
    ...(lineLists.length > 0 ? [`line lists ${lineLists.join(", ")}`] : []),
    ...(orders > 0 ? [`${orders} orders`] : []),
  ];
  console.log(
    added.length > 0 ? `Demo data added: ${added.join("; ")}.` : "Demo data already present: nothing added.",
  );
} finally {
  await database.close();
}
