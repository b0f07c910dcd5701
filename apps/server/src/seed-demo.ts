// `npm run seed:demo`: adds the demo data to the database the configuration names (DATA_DIR or
// DATABASE_URL), migrating and seeding it first if needed. With the embedded database, stop the
// server first: one process at a time may open DATA_DIR/db.
import path from "node:path";
import { migrateDatabase, openDatabase } from "./db/client.ts";
import { seedDemoData } from "./db/demo-seed.ts";
import { ConfigError, loadConfig } from "./env.ts";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.DATA_DIR, "db"),
});
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
