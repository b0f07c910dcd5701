import { seededPortalRolePermissions } from "@cm/contracts/portal";
import { permissionValues, seededRolePermissions } from "@cm/contracts/permissions";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { Database } from "./client.ts";
import { historyEntries, brandCategories, brands, organizations, roles, users } from "./schema.ts";
import { seedDatabase, seededBrandNames } from "./seed.ts";

async function rowCounts(db: Database) {
  return {
    organizations: await db.$count(organizations),
    roles: await db.$count(roles),
    users: await db.$count(users),
    brandCategories: await db.$count(brandCategories),
    brands: await db.$count(brands),
    historyEntries: await db.$count(historyEntries),
  };
}

describe("seed", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      COMPANY_NAME: "Sole Distribution Inc.",
      ADMIN_EMAIL: "boss@sole.example",
    });
  });
  afterAll(() => testApp?.close());

  it("creates the internal organization, the Admin role and the bootstrap admin", async () => {
    const { db } = testApp.database;
    const [organization] = await db.select().from(organizations);
    expect(organization).toMatchObject({ name: "Sole Distribution Inc.", type: "internal", revision: 1 });

    const [role] = await db.select().from(roles).orderBy(roles.id);
    expect(role).toMatchObject({
      name: "Admin",
      type: "internal",
      status: "active",
      permissions: [...permissionValues],
    });

    const [admin] = await db.select().from(users).where(eq(users.email, "boss@sole.example"));
    expect(admin).toMatchObject({
      firstName: "Admin",
      lastName: "User",
      type: "internal",
      status: "active",
      organizationId: organization!.id,
      roleId: role!.id,
    });
  });

  it("creates the staff roles Sales, Catalog Team, Finance and Viewer with their permissions, then the customer roles Buyer and Store Viewer", async () => {
    const seeded = await testApp.database.db.select().from(roles).orderBy(roles.id);
    expect(seeded.map((role) => [role.name, role.type, role.status, role.permissions])).toEqual([
      ...Object.entries(seededRolePermissions).map(([name, permissions]) => [
        name,
        "internal",
        "active",
        [...permissions],
      ]),
      ["Buyer", "external", "active", ["portal.catalogs.view", "portal.orders.manage"]],
      ["Store Viewer", "external", "active", ["portal.catalogs.view"]],
    ]);
    expect(Object.keys(seededPortalRolePermissions)).toEqual(["Buyer", "Store Viewer"]);
  });

  it("creates brand category 1 and the brands, Crocs among them", async () => {
    const { db } = testApp.database;
    const categories = await db.select().from(brandCategories).orderBy(brandCategories.id);
    expect(categories.map((category) => category.name)).toEqual([
      "crocs",
      "pandora",
      "electronics",
      "multi-brand",
    ]);

    const seeded = await db.select().from(brands);
    expect(seeded.map((brand) => brand.name).sort()).toEqual([...seededBrandNames].sort());
    expect(seeded.every((brand) => brand.categoryId === 1 && brand.status === "active")).toBe(true);
  });

  it("records what it created in the history, by the system", async () => {
    const events = await testApp.database.db.select().from(historyEntries);
    expect(events.map((event) => event.entityType).sort()).toEqual(
      [
        "organization",
        ...Array(
          Object.keys(seededRolePermissions).length + Object.keys(seededPortalRolePermissions).length,
        ).fill("role"),
        "user",
        ...Array(seededBrandNames.length).fill("brand"),
      ].sort(),
    );
    expect(events.every((event) => event.actorUserId === null && event.action === "create")).toBe(true);
    expect(events.find((event) => event.entityType === "user")).toMatchObject({
      entityLabel: "Admin User",
      changes: expect.arrayContaining([{ field: "email", before: null, after: "boss@sole.example" }]),
    });
  });

  it("changes nothing when it runs again, even twice at once", async () => {
    const { db } = testApp.database;
    const before = await rowCounts(db);
    await seedDatabase(db, testApp.config);
    await Promise.all([seedDatabase(db, testApp.config), seedDatabase(db, testApp.config)]);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("keeps a renamed company and adds a newly configured admin on the next start", async () => {
    const { db } = testApp.database;
    await db.update(organizations).set({ name: "Renamed Co." }).where(eq(organizations.type, "internal"));
    await seedDatabase(db, { COMPANY_NAME: "Sole Distribution Inc.", ADMIN_EMAIL: "second@sole.example" });

    const internal = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    expect(internal.map((organization) => organization.name)).toEqual(["Renamed Co."]);
    expect(await db.$count(users, eq(users.email, "second@sole.example"))).toBe(1);
  });

  it("gives the Admin role a permission it lacks, and leaves other roles' permissions alone", async () => {
    const { db } = testApp.database;
    await db
      .update(roles)
      .set({ permissions: ["catalogs.view"] })
      .where(eq(roles.name, "Admin"));
    await db.update(roles).set({ permissions: [] }).where(eq(roles.name, "Viewer"));
    await seedDatabase(db, testApp.config);
    const [admin] = await db.select().from(roles).where(eq(roles.name, "Admin"));
    expect(admin).toMatchObject({ permissions: [...permissionValues], revision: 2 });
    const [repair] = await db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.entityType, "role"), eq(historyEntries.action, "update")));
    expect(repair).toMatchObject({
      actorUserId: null,
      entityId: String(admin!.id),
      changes: [{ field: "permissions", before: ["catalogs.view"], after: [...permissionValues] }],
    });
    const [viewer] = await db.select().from(roles).where(eq(roles.name, "Viewer"));
    expect(viewer!.permissions).toEqual([]);
  });
});
