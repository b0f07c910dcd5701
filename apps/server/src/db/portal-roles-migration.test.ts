import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite, migrationsFolder } from "./client.ts";

/**
 * Migration 0026 (the customer portal, issue 34) on a database that already holds customers:
 * customer users holding a staff role (the customer wizard's Admin default) become Buyers, the
 * customer roles Buyer and Store Viewer appear with their portal permissions, and running its
 * statements again changes nothing.
 */
const portalMigration = "0026_portal_roles";

describe("the portal roles migration", () => {
  let client: PGlite;
  let before: string;

  const snapshot = async () =>
    (
      await client.query<{ rows: string }>(
        `select json_agg(r order by r.id)::text as rows from (
           select u.id, u.email, u.revision, r.name as role, r.type as role_type, r.permissions
           from users u join roles r on r.id = u.role_id) r`,
      )
    ).rows[0]!.rows;

  beforeAll(async () => {
    before = await mkdtemp(path.join(os.tmpdir(), "cm-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === portalMigration);
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    await writeFile(journalFile, JSON.stringify(journal));

    client = await createPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`
      insert into organizations (name, type) values ('Footwear Co', 'internal'), ('Sole Mates', 'external')`);
    await db.execute(sql`
      insert into roles (name, type, permissions) values
        ('Admin', 'internal', array['catalogs.view']::text[]), ('Shop Staff', 'external', '{}')`);
    await db.execute(sql`
      insert into users (email, first_name, last_name, type, organization_id, role_id) values
        ('boss@example.com', 'Bo', 'Boss', 'internal', 1, 1),
        ('wizard@solemates.example', 'Wiz', 'Ard', 'external', 2, 1),
        ('shop@solemates.example', 'Sho', 'Pper', 'external', 2, 2)`);
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("adds Buyer and Store Viewer with their portal permissions", async () => {
    const { rows } = await client.query<{ name: string; type: string; permissions: string[] }>(
      "select name, type, permissions from roles order by id",
    );
    expect(rows.map((row) => [row.type, row.name, row.permissions])).toEqual([
      ["internal", "Admin", ["catalogs.view"]],
      ["external", "Shop Staff", []],
      ["external", "Buyer", ["portal.catalogs.view", "portal.orders.manage"]],
      ["external", "Store Viewer", ["portal.catalogs.view"]],
    ]);
  });

  it("moves a customer user holding Admin to Buyer, and leaves staff and customer roles alone", async () => {
    const { rows } = await client.query<{ email: string; role: string; revision: number }>(
      "select u.email, r.name as role, u.revision from users u join roles r on r.id = u.role_id order by u.id",
    );
    expect(rows).toEqual([
      { email: "boss@example.com", role: "Admin", revision: 1 },
      { email: "wizard@solemates.example", role: "Buyer", revision: 2 },
      { email: "shop@solemates.example", role: "Shop Staff", revision: 1 },
    ]);
  });

  it("changes nothing when its statements run again", async () => {
    const first = await snapshot();
    const roleCount = (await client.query<{ n: number }>("select count(*)::int as n from roles")).rows[0]!.n;
    const text = await readFile(path.join(migrationsFolder, `${portalMigration}.sql`), "utf8");
    for (const statement of text.split("--> statement-breakpoint")) await client.exec(statement);
    expect(await snapshot()).toBe(first);
    expect((await client.query<{ n: number }>("select count(*)::int as n from roles")).rows[0]!.n).toBe(
      roleCount,
    );
  });

  it("refuses portal permissions on a staff role and staff permissions on a customer role", async () => {
    await expect(
      client.query("update roles set permissions = array['portal.orders.manage'] where name = 'Admin'"),
    ).rejects.toThrow(/roles_permissions_of_type/);
    await expect(
      client.query("update roles set permissions = array['orders.view'] where name = 'Buyer'"),
    ).rejects.toThrow(/roles_permissions_of_type/);
  });
});
