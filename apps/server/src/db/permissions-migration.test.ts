import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { permissionValues, seededRolePermissions } from "@cm/contracts/permissions";
import { seededPortalRolePermissions } from "@cm/contracts/portal";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite, migrationsFolder } from "./client.ts";

const permissionsMigration = "0006_permissions";

/**
 * The migration that brought permissions, run on a database that had roles before it:
 * the roles of the seed's names get the seed's sets, other staff roles the Viewer set, customer
 * roles none.
 */
describe("the permissions migration", () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    // The migrations up to the one before, in a folder of their own.
    before = await mkdtemp(path.join(os.tmpdir(), "cm-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === permissionsMigration);
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    await writeFile(journalFile, JSON.stringify(journal));

    client = await createPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`
      insert into roles (name, type) values
        ('Admin', 'internal'), ('sales', 'internal'), ('Catalog Team', 'internal'),
        ('FINANCE', 'internal'), ('Viewer', 'internal'), ('Warehouse', 'internal'),
        ('Admin', 'external'), ('Buyer', 'external')`);
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("gives existing roles the seed's sets by name, the Viewer set to other staff roles, none to customers'", async () => {
    const { rows } = await client.query<{ name: string; type: string; permissions: string[] }>(
      "select name, type, permissions from roles order by id",
    );
    expect(rows.map((row) => [row.type, row.name, row.permissions])).toEqual([
      ["internal", "Admin", [...permissionValues]],
      ["internal", "sales", [...seededRolePermissions.Sales!]],
      ["internal", "Catalog Team", [...seededRolePermissions["Catalog Team"]!]],
      ["internal", "FINANCE", [...seededRolePermissions.Finance!]],
      ["internal", "Viewer", [...seededRolePermissions.Viewer!]],
      ["internal", "Warehouse", [...seededRolePermissions.Viewer!]],
      ["external", "Admin", []],
      // Migration 0026 (the customer portal) gives the seeded external roles their portal permissions.
      ["external", "Buyer", [...seededPortalRolePermissions.Buyer!]],
      ["external", "Store Viewer", [...seededPortalRolePermissions["Store Viewer"]!]],
    ]);
  });

  it("refuses a permission the catalogue does not know", async () => {
    await expect(
      client.query(
        "update roles set permissions = array['catalogs.view', 'root.everything'] where name = 'Viewer'",
      ),
    ).rejects.toThrow(/roles_permissions_known/);
  });
});
