import { lineListColumns } from "@cm/contracts/line-list-workbook";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { headerFingerprint } from "@cm/contracts/mapping-engine/guess-mapping";
import { permissionValues, seededRolePermissions } from "@cm/contracts/permissions";
import { seededPortalRolePermissions } from "@cm/contracts/portal";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "../env.ts";
import { recordCreated, updateEntity, type WriteContext } from "../lib/entity-write.ts";
import { brandHistory } from "../modules/brands/service.ts";
import { organizationHistory } from "../modules/organizations/service.ts";
import { roleHistory } from "../modules/roles/history.ts";
import { userHistory } from "../modules/users/history.ts";
import type { Database } from "./client.ts";
import { brandCategories, brands, lineListMappings, organizations, roles, users } from "./schema.ts";

/**
 * SPEC.md declares the brand categories crocs, pandora, electronics and multi-brand, and fixes
 * every brand's category at 1. We number them in the declared order, so 1 is "crocs"; the
 * category carries no behaviour, it only has to exist for the brands' foreign key.
 */
export const seededBrandCategories = [
  { id: 1, name: "crocs" },
  { id: 2, name: "pandora" },
  { id: 3, name: "electronics" },
  { id: 4, name: "multi-brand" },
] as const;

/** Crocs starts with its workbook's column mapping (seedCrocsMapping); the others are mapped on their first upload. */
export const seededBrandNames = ["Crocs", "Pandora", "Skechers", "Hey Dude"] as const;

export const adminRoleName = "Admin";

/**
 * The staff roles a first start adds beside Admin, with what they say of each (docs/security.md,
 * "Permissions").
 */
const seededStaffRoles = [
  { name: "Sales", description: "Sales reps: customers and their orders" },
  { name: "Catalog Team", description: "Uploads line lists, sorts and publishes catalogs, keeps brands" },
  { name: "Finance", description: "Reads customers, orders and the history of changes" },
  { name: "Viewer", description: "Reads catalogs, customers, orders and people" },
] as const;

/** The external (customer) roles a first start adds (issue 34; migration 0026 adds them to an existing database). */
const seededExternalRoles = [
  {
    name: "Buyer",
    description: "Customers' buyers: see published catalogs and prices, and order for their stores",
  },
  { name: "Store Viewer", description: "Customers' users who see published catalogs and prices only" },
] as const;

// Any fixed number works; it only has to be the same for every instance starting at once.
const seedLockKey = 7_240_001;

export type SeedConfig = Pick<Config, "ADMIN_EMAIL" | "COMPANY_NAME">;

/**
 * Creates what a first start needs: the internal organization, the Admin role, the staff roles
 * Sales, Catalog Team, Finance and Viewer, the bootstrap admin, the brand categories and the
 * brands. Idempotent: existing rows are left as they are (a renamed company or brand is not
 * renamed back, a role's permissions are not reset), so it runs on every start. The one repair:
 * the Admin role gets any permission it lacks, since it holds every permission by definition.
 */
export async function seedDatabase(db: Database, config: SeedConfig): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises instances that start together, so only one creates the internal organization.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    // The system writes, not a person.
    const bySystem: WriteContext = { actorUserId: null };

    let [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.type, "internal"))
      .orderBy(organizations.id)
      .limit(1);
    if (!organization) {
      const [inserted] = await tx
        .insert(organizations)
        .values({ name: config.COMPANY_NAME, type: "internal" })
        .returning();
      await recordCreated(tx, organizationHistory, [inserted!], bySystem);
      organization = inserted;
    }

    const allPermissions = [...permissionValues];
    let [adminRole] = await tx
      .select({ id: roles.id, permissions: roles.permissions })
      .from(roles)
      .where(and(eq(roles.type, "internal"), sql`lower(${roles.name}) = lower(${adminRoleName})`));
    if (!adminRole) {
      const [inserted] = await tx
        .insert(roles)
        .values({
          name: adminRoleName,
          type: "internal",
          description: "Full access for staff",
          permissions: allPermissions,
        })
        .returning();
      await recordCreated(tx, roleHistory, [inserted!], bySystem);
      adminRole = inserted;
    } else if (!allPermissions.every((permission) => adminRole!.permissions.includes(permission))) {
      // A permission added to the catalogue since the last start.
      await updateEntity(tx, roleHistory, {
        id: adminRole.id,
        expectedRevision: undefined,
        ...bySystem,
        apply: () => ({ permissions: allPermissions }),
      });
    }

    const existingStaffRoles = await tx
      .select({ name: sql<string>`lower(${roles.name})` })
      .from(roles)
      .where(eq(roles.type, "internal"));
    const existingRoleNames = new Set(existingStaffRoles.map((role) => role.name));
    const missingStaffRoles = seededStaffRoles.filter(
      (role) => !existingRoleNames.has(role.name.toLowerCase()),
    );
    if (missingStaffRoles.length > 0) {
      const insertedRoles = await tx
        .insert(roles)
        .values(
          missingStaffRoles.map((role) => ({
            ...role,
            type: "internal" as const,
            permissions: [...(seededRolePermissions[role.name] ?? [])],
          })),
        )
        .returning();
      await recordCreated(tx, roleHistory, insertedRoles, bySystem);
    }

    const existingExternalRoles = await tx
      .select({ name: sql<string>`lower(${roles.name})` })
      .from(roles)
      .where(eq(roles.type, "external"));
    const externalRoleNames = new Set(existingExternalRoles.map((role) => role.name));
    const missingExternalRoles = seededExternalRoles.filter(
      (role) => !externalRoleNames.has(role.name.toLowerCase()),
    );
    if (missingExternalRoles.length > 0) {
      const insertedRoles = await tx
        .insert(roles)
        .values(
          missingExternalRoles.map((role) => ({
            ...role,
            type: "external" as const,
            permissions: [...(seededPortalRolePermissions[role.name] ?? [])],
          })),
        )
        .returning();
      await recordCreated(tx, roleHistory, insertedRoles, bySystem);
    }

    const [existingAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${config.ADMIN_EMAIL})`);
    if (!existingAdmin) {
      const [admin] = await tx
        .insert(users)
        .values({
          email: config.ADMIN_EMAIL,
          firstName: "Admin",
          lastName: "User",
          type: "internal",
          status: "active",
          organizationId: organization!.id,
          roleId: adminRole!.id,
        })
        .returning();
      await recordCreated(tx, userHistory, [admin!], bySystem);
    }

    // Categories are fixed reference data, not an entity of the history.
    await tx
      .insert(brandCategories)
      .values([...seededBrandCategories])
      .onConflictDoNothing();

    // Inserting only the missing brands (rather than leaning on ON CONFLICT) keeps restarts from
    // consuming identity values.
    const lowerName = sql<string>`lower(${brands.name})`;
    const existingBrands = await tx
      .select({ name: lowerName })
      .from(brands)
      .where(
        inArray(
          lowerName,
          seededBrandNames.map((name) => name.toLowerCase()),
        ),
      );
    const existingNames = new Set(existingBrands.map((brand) => brand.name));
    const missingBrands = seededBrandNames.filter((name) => !existingNames.has(name.toLowerCase()));
    if (missingBrands.length > 0) {
      const insertedBrands = await tx
        .insert(brands)
        .values(missingBrands.map((name) => ({ name, categoryId: 1 })))
        .returning();
      await recordCreated(tx, brandHistory, insertedBrands, bySystem);
      const crocsBrands = insertedBrands.filter((brand) => brand.name.toLowerCase().includes("crocs"));
      if (crocsBrands.length > 0)
        await tx.insert(lineListMappings).values(crocsBrands.map(crocsMappingOf)).onConflictDoNothing();
    }
  });
}

/** The template's header row, which the Crocs mapping was confirmed on. */
const crocsHeaders = lineListColumns.map((column) => column.header);

/**
 * A brand named like Crocs starts with the Crocs workbook's mapping, as migration 0020 gives it to
 * such brands of a database made before mappings: seeded with the brand, so it is not back after
 * a person resets it and the server restarts.
 */
function crocsMappingOf(brand: { id: number }): typeof lineListMappings.$inferInsert {
  return {
    brandId: brand.id,
    mapping: crocsMapping,
    headers: crocsHeaders,
    fingerprint: headerFingerprint(crocsHeaders),
    updatedBy: null,
  };
}
