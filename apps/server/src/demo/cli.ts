// `npm run seed:demo`: adds the demo data to the database the configuration names (DATA_DIR or
// DATABASE_URL), migrating and seeding it first if needed. With the embedded database, stop the
// server first: one process at a time may open DATA_DIR/db, and this refuses while one has it.
import path from "node:path";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { seedDemoData } from "./seed.ts";
import { loadConfig } from "../env.ts";
import { orExitWithMessage } from "../lib/exit-with-message.ts";

// A bad setting, or the embedded database held by a running server: said in one line.
const config = await orExitWithMessage(() => loadConfig());
const database = await orExitWithMessage(() =>
  openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
    pgliteHolder: "demo seed",
  }),
);
try {
  await migrateDatabase(database);
  const { lineLists, orders, openStock } = await seedDemoData(database.db, config);
  const added = [
    ...(lineLists.length > 0 ? [`line lists ${lineLists.join(", ")}`] : []),
    ...(orders > 0 ? [`${orders} orders`] : []),
    ...(openStock > 0 ? [`available quantities of ${openStock} SKUs (Open Stock)`] : []),
  ];
  console.log(
    added.length > 0 ? `Demo data added: ${added.join("; ")}.` : "Demo data already present: nothing added.",
  );
} finally {
  await database.close();
}
