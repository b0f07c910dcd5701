import { permissionMessages, type Permission } from "@cm/contracts/permissions";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { roles, users } from "../../db/schema.ts";
import { ConflictError } from "../../lib/errors.ts";

const peopleManage: Permission = "people.manage";

// Any fixed number works; it only has to be the same for every write that can take the right away.
const peopleManagersLockKey = 7_240_014;

/** Active staff whose active role holds people.manage: the people who can give it back. */
async function countPeopleManagers(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.type, "internal"),
        eq(users.status, "active"),
        eq(roles.status, "active"),
        sql`${peopleManage} = any(${roles.permissions})`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Runs a write that may take people.manage from someone (a user deactivated or given another
 * role, a role losing the permission or deactivated) and refuses it with 409 when it leaves no
 * active user holding it, so nobody locks the company out. The transaction-level lock makes such
 * writes wait for each other: two demotions of the last two managers cannot both see the other
 * one still there. Call it inside the write's transaction; the refusal rolls the write back.
 * `refusal` is the 409's message, when the person refused should read it in other words.
 */
export async function keepingAPeopleManager<T>(
  tx: Tx,
  write: () => Promise<T>,
  refusal: string = permissionMessages.lastPeopleManager,
): Promise<T> {
  await tx.execute(sql`select pg_advisory_xact_lock(${peopleManagersLockKey})`);
  const before = await countPeopleManagers(tx);
  const result = await write();
  // A database that already had none is not made worse by this write.
  if (before > 0 && (await countPeopleManagers(tx)) === 0) {
    throw new ConflictError(refusal);
  }
  return result;
}
