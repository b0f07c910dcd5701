import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/client.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Every table of the app's schema with its row count and a checksum of its rows, in one query:
 * what a refused request must leave exactly as it was. `except` names tables left out.
 */
export async function tableChecksums(
  testApp: TestApp,
  except: ReadonlySet<string> = new Set(),
): Promise<Record<string, string>> {
  const { db } = testApp.database;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !except.has(name));
  const perTable = tables.map(
    (name) =>
      sql`select ${name} as name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as state from ${sql.identifier(name)} t`,
  );
  const rows = rowsOf<{ name: string; state: string }>(
    await db.execute(sql.join(perTable, sql` union all `)),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.state]));
}
