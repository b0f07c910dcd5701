import type { SessionUser } from "@cm/contracts/auth";
import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  type: users.type,
  status: users.status,
};

export async function findSessionUserById(db: DbExecutor, id: number): Promise<SessionUser | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id));
  return user;
}

export async function findSessionUserByEmail(
  db: DbExecutor,
  email: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

/** Only active staff may sign in and use the API; customers use the customer portal. */
export function canSignIn(user: SessionUser): boolean {
  return user.type === "internal" && user.status === "active";
}
