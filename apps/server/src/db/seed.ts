import { and, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "../env.ts";
import { recordAuditEvents, type AuditEventInput } from "../lib/audit.ts";
import type { Database } from "./client.ts";
import { brandCategories, brands, organizations, roles, users } from "./schema.ts";

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

/** Crocs is the brand with uploads; the others exist so pickers show what "(WIP)" looks like. */
export const seededBrandNames = ["Crocs", "Pandora", "Skechers", "Hey Dude"] as const;

export const adminRoleName = "Admin";

// Any fixed number works; it only has to be the same for every instance starting at once.
const seedLockKey = 7_240_001;

export type SeedConfig = Pick<Config, "ADMIN_EMAIL" | "COMPANY_NAME">;

/**
 * Creates what a first start needs: the internal organization, the Admin role, the bootstrap
 * admin, the brand categories and the brands. Idempotent: existing rows are left as they are
 * (a renamed company or brand is not renamed back), so it runs on every start.
 */
export async function seedDatabase(db: Database, config: SeedConfig): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises instances that start together, so only one creates the internal organization.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const audit: AuditEventInput[] = [];
    const created = (entityType: string, id: number | string, revision: number | null = 1) =>
      audit.push({
        actorUserId: null,
        entityType,
        entityId: id,
        action: "create",
        afterRevision: revision,
        data: { source: "seed" },
      });

    let [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.type, "internal"))
      .orderBy(organizations.id)
      .limit(1);
    if (!organization) {
      [organization] = await tx
        .insert(organizations)
        .values({ name: config.COMPANY_NAME, type: "internal" })
        .returning({ id: organizations.id });
      created("organization", organization!.id);
    }

    let [adminRole] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.type, "internal"), sql`lower(${roles.name}) = lower(${adminRoleName})`));
    if (!adminRole) {
      [adminRole] = await tx
        .insert(roles)
        .values({ name: adminRoleName, type: "internal", description: "Full access for staff" })
        .returning({ id: roles.id });
      created("role", adminRole!.id);
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
        .returning({ id: users.id });
      created("user", admin!.id);
    }

    const insertedCategories = await tx
      .insert(brandCategories)
      .values([...seededBrandCategories])
      .onConflictDoNothing()
      .returning({ id: brandCategories.id });
    // Categories have no revision column.
    for (const category of insertedCategories) created("brand_category", category.id, null);

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
        .returning({ id: brands.id });
      for (const brand of insertedBrands) created("brand", brand.id);
    }

    await recordAuditEvents(tx, audit);
  });
}
