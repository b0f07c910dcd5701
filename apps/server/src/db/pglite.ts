import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * An embedded database with the extensions the migrations create (pg_trgm, for the items search's
 * index): every PGlite of the project opens through here, as a database holding that index cannot
 * be used without them. This module loads PGlite alone (client.ts adds drizzle-orm and pg, which
 * take seconds and memory to load), for the process that creates the server's database folder.
 */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}

/**
 * The server's own embedded database, the same whether `openDatabase` opens it or
 * create-data-dir.ts creates its folder.
 */
export function createServerPglite(options: Pick<PGliteOptions, "dataDir" | "loadDataDir">): Promise<PGlite> {
  return createPglite({
    ...options,
    // PostgreSQL's default 128 MB of shared buffers would sit in this process's memory for good
    // (PGlite's WebAssembly memory never shrinks, and a page once touched stays resident); its
    // data files are read through the system's file cache anyway, so a smaller pool costs no time
    // (docs/performance.md, "Server memory").
    postgresqlconf: ["shared_buffers=16MB"],
  });
}
