import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../src/db/client.ts";

/** A table's row count and the md5 of its rows' text, in order. */
export interface TableChecksum {
  rows: number;
  md5: string;
}

/**
 * Every table of the database's schema, as pg_catalog lists them (a table added later is
 * included), with its row count and checksum, in one query: what a refused request must leave
 * exactly as it was, and what a restore must bring back. Listed here, apart from the app's own
 * code (backup.ts lists tables too), so a test does not trust what it tests. `except` names
 * tables left out.
 */
export async function tableChecksums(
  db: Database,
  except: ReadonlySet<string> = new Set(),
): Promise<Record<string, TableChecksum>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !except.has(name));
  if (tables.length === 0) return {};
  const perTable = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${sql.identifier(name)} t`,
  );
  const rows = rowsOf<{ name: string; rows: number; md5: string }>(
    await db.execute(sql.join(perTable, sql` union all `)),
  );
  return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), md5: row.md5 }]));
}

/** The tables of `after` whose rows differ from `before` (or that `before` lacks). */
export function changedTables(
  before: Record<string, TableChecksum>,
  after: Record<string, TableChecksum>,
): string[] {
  return Object.keys(after).filter(
    (table) => after[table]!.rows !== before[table]?.rows || after[table]!.md5 !== before[table]?.md5,
  );
}
