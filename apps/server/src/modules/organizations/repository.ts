import type { OrganizationType } from "@cm/contracts/organizations";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { organizations, users } from "../../db/schema.ts";

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;

/** The internal organization first, then customers by name. */
export async function listOrganizations(
  db: DbExecutor,
  options: { limit?: number; type?: OrganizationType } = {},
): Promise<OrganizationRow[]> {
  const conditions: SQL[] = [];
  if (options.type) conditions.push(eq(organizations.type, options.type));
  const query = db
    .select()
    .from(organizations)
    .where(and(...conditions))
    .orderBy(
      sql`${organizations.type} = 'internal' desc`,
      asc(sql`lower(${organizations.name})`),
      asc(organizations.id),
    )
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function findOrganizationById(db: DbExecutor, id: number): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** The distributor itself (the seed creates it; the oldest one wins should there be several). */
export async function findInternalOrganization(db: DbExecutor): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.type, "internal"))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row;
}

export async function insertOrganization(
  db: DbExecutor,
  values: NewOrganizationRow,
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row!;
}

/** The user's id and organization, or undefined for an unknown user. */
export async function findUserMembership(
  db: DbExecutor,
  userId: number,
): Promise<{ id: number; organizationId: number } | undefined> {
  const [row] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
