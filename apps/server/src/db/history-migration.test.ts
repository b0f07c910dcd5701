import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { historyEntrySchema, type HistoryEntry } from "@cm/contracts/history";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listHistory } from "../modules/history/service.ts";
import { createPglite, migrationsFolder, type Database } from "./client.ts";
import * as schema from "./schema.ts";

const historyMigration = "0008_history";

/**
 * The migration that brought the history, run on events written before it in their
 * three shapes and many spellings: afterwards `GET /api/history` reads them in the contract's shape.
 */
describe("the history migration", () => {
  let client: PGlite;
  let before: string;
  let entries: HistoryEntry[];

  const one = (entityType: string, action: string) => {
    const found = entries.filter((entry) => entry.entityType === entityType && entry.action === action);
    expect(found, `${entityType} ${action}`).toHaveLength(1);
    return found[0]!;
  };

  beforeAll(async () => {
    before = await mkdtemp(path.join(os.tmpdir(), "cm-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === historyMigration);
    expect(index).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, index);
    await writeFile(journalFile, JSON.stringify(journal));

    client = await createPglite();
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into brand_categories (id, name) values (1, 'Footwear');
      insert into brands (id, name, category_id) overriding system value values (1, 'Crocs', 1);
      insert into organizations (id, name, type) overriding system value values (1, 'Sole Inc.', 'internal'), (2, 'Island Feet', 'external');
      insert into roles (id, name, type) overriding system value values (1, 'Admin', 'internal');
      insert into users (id, email, first_name, last_name, type, organization_id, role_id) overriding system value
        values (1, 'ana@sole.test', 'Ana', 'Diaz', 'internal', 1, 1), (2, 'mo@feet.test', 'Mo', 'Ver', 'external', 2, 1);
      insert into stores (id, organization_id, name, logo_url) overriding system value values (1, 2, 'Shop Two', '/logo.svg');
      insert into line_lists (id, brand_id, name, stage) overriding system value values (1, 1, 'Spring 2027', 'saved');
      insert into catalogs (id, line_list_id, type) overriding system value values (1, 1, 'athletic');
      insert into products (id, brand_id, model_code) overriding system value values (1, 1, '10001-001');
      insert into audit_events (actor_user_id, entity_type, entity_id, action, before_revision, after_revision, data) values
        (1, 'brand', '1', 'update', 1, 2, '{"before": {"name": "Crocs", "wholesaleFactor": 0.5}, "after": {"name": "Crocs", "wholesaleFactor": 0.4}}'),
        (1, 'brand', '99', 'delete', 1, null, '{"name": "Gone Brand"}'),
        (1, 'organization', '2', 'create', null, 1, '{"name": "Island Feet", "type": "external", "status": "active", "source": "customer-registration"}'),
        (1, 'organization', '2', 'update-status', 1, 2, '{"status": "inactive"}'),
        (1, 'store', '1', 'update-basic-info', 1, 2, '{"newName": "Shop Two"}'),
        (1, 'user', '2', 'move-organization', 1, 2, '{"fromOrganizationId": 3, "toOrganizationId": 2}'),
        (1, 'user', '2', 'update', 2, 3, '{"firstName": "Mo", "lastName": "Ver"}'),
        (1, 'product', '1', 'update', 1, 2, '{"modelCode": "10001-001", "lineListId": 1}'),
        (1, 'line_list', '1', 'upload', null, null, '{"uploadId": 7, "fileName": "Spring.xlsx"}'),
        (1, 'line_list', '1', 'confirm_upload', 1, 2, '{"uploadId": 7, "created": 10, "updated": 2, "unchanged": 1}'),
        (1, 'line_list', '1', 'catalogs.move', null, null, '{"items": 3, "added": {"athletic": 3}}'),
        (1, 'line_list', '1', 'catalogs.save', 2, 3, '{"sortingCompleted": true}'),
        (1, 'line_list', '1', 'publish', 3, 4, null),
        (1, 'catalog', '1', 'create', null, 1, '{"lineListId": 1, "type": "athletic"}'),
        (1, 'order', '42', 'update', 1, 2, '{"before": {"status": "pending"}, "after": {"status": "processing"}}'),
        (null, 'brand_category', '1', 'create', null, null, null);
    `);
    await migrate(db, { migrationsFolder });
    const page = await listHistory(db as unknown as Database, { page: 1, pageSize: 100 }, "UTC");
    entries = page.data;
  });
  afterAll(async () => {
    await client?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("answers every old event of a contract spelling in the contract's shape", () => {
    for (const entry of entries) expect(historyEntrySchema.parse(entry)).toEqual(entry);
    // The staged upload and the category are not changes the history lists.
    expect(entries).toHaveLength(14);
    expect(entries.every((entry) => entry.actor?.name === "Ana Diaz")).toBe(true);
  });

  it("turns { before, after } into the fields that changed", () => {
    expect(one("brand", "update")).toMatchObject({
      entityLabel: "Crocs",
      changes: [{ field: "wholesaleFactor", before: 0.5, after: 0.4 }],
    });
    expect(one("order", "status")).toMatchObject({
      entityLabel: "SO-000042",
      changes: [{ field: "status", before: "pending", after: "processing" }],
    });
  });

  it("gives a creation its first values and a status change the status recorded before it", () => {
    expect(one("organization", "create").changes).toEqual([
      { field: "name", before: null, after: "Island Feet" },
      { field: "status", before: null, after: "active" },
      { field: "type", before: null, after: "external" },
    ]);
    expect(one("organization", "status")).toMatchObject({
      entityLabel: "Island Feet",
      changes: [{ field: "status", before: "active", after: "inactive" }],
    });
  });

  it("says what was set where only the new values were kept", () => {
    expect(one("store", "update")).toMatchObject({ changes: [], summary: 'Set name "Shop Two"' });
    const userUpdates = entries.filter((entry) => entry.entityType === "user");
    expect(
      userUpdates.map(({ entityLabel, changes, summary }) => ({ entityLabel, changes, summary })),
    ).toEqual([
      { entityLabel: "Mo Ver", changes: [], summary: 'Set firstName "Mo", lastName "Ver"' },
      {
        entityLabel: "Mo Ver",
        changes: [{ field: "organizationId", before: 3, after: 2 }],
        summary: null,
      },
    ]);
  });

  it("spells line lists, items and their actions as the contract does", () => {
    expect(one("item", "update").entityLabel).toBe("10001-001");
    expect(one("line-list", "upload")).toMatchObject({
      entityLabel: "Crocs Spring 2027",
      summary: "10 new, 2 changed and 1 unchanged style(s)",
    });
    expect(one("line-list", "move").summary).toBe("3 item(s) moved");
    expect(one("line-list", "update")).toMatchObject({
      changes: [{ field: "sortingCompleted", before: 0, after: 1 }],
    });
    expect(one("line-list", "publish").changes).toEqual([{ field: "published", before: 0, after: 1 }]);
    expect(one("catalog", "create").entityLabel).toBe("Athletic Catalog of Crocs Spring 2027");
  });

  it("keeps the name a deleted entity had", () => {
    expect(one("brand", "delete")).toMatchObject({ entityId: 99, entityLabel: "Gone Brand" });
  });
});
