import type { UserType } from "@cm/contracts/users";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { organizations, users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type MembershipOrganization = Pick<typeof organizations.$inferSelect, "id" | "name" | "type">;
export type UserWithOrganizationRow = UserRow & { organization: MembershipOrganization };

/** People by first name, then last name. */
const byName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)];

export interface ListUsersOptions {
  limit?: number;
  /** Only users of these types (what the reader may see); every user when left out. */
  types?: readonly UserType[];
}

const ofTypes = (types: readonly UserType[] | undefined) =>
  types === undefined ? undefined : inArray(users.type, [...types]);

export async function listUsers(db: DbExecutor, options: ListUsersOptions = {}): Promise<UserRow[]> {
  const query = db
    .select()
    .from(users)
    .where(ofTypes(options.types))
    .orderBy(...byName)
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

function selectWithOrganization(db: DbExecutor) {
  return db
    .select({
      user: users,
      organization: { id: organizations.id, name: organizations.name, type: organizations.type },
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId));
}

export async function listUsersWithOrganization(
  db: DbExecutor,
  options: ListUsersOptions = {},
): Promise<UserWithOrganizationRow[]> {
  const query = selectWithOrganization(db)
    .where(ofTypes(options.types))
    .orderBy(...byName)
    .$dynamic();
  const rows = await (options.limit === undefined ? query : query.limit(options.limit));
  return rows.map(({ user, organization }) => ({ ...user, organization }));
}

export async function findUserWithOrganizationById(
  db: DbExecutor,
  id: number,
): Promise<UserWithOrganizationRow | undefined> {
  const [row] = await selectWithOrganization(db).where(eq(users.id, id));
  return row && { ...row.user, organization: row.organization };
}

export async function findUserById(db: DbExecutor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user with this address in any letter case. */
export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertUser(db: DbExecutor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** The organization a new user would join (the organizations module owns the writes). */
export async function findOrganizationForMembership(
  db: DbExecutor,
  id: number,
): Promise<MembershipOrganization | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

/** The distributor itself, which every staff member joins (the seed creates it; the oldest wins). */
export async function findInternalOrganization(db: DbExecutor): Promise<MembershipOrganization | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(eq(organizations.type, "internal"))
    .orderBy(asc(organizations.id))
    .limit(1);
  return row;
}
