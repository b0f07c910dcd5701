import type { SessionUser } from "@cm/contracts/auth";
import type { PortalMe } from "@cm/contracts/portal";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { organizations, storeUsers, stores } from "../../db/schema.ts";
import type { PortalContext } from "../auth/api-guard.ts";

/**
 * `GET /api/portal/me`: the signed-in customer user, their organization, the active stores of that
 * organization they are linked to, and their portal permissions (docs/portal.md).
 */
export async function portalMe(db: DbExecutor, user: SessionUser, portal: PortalContext): Promise<PortalMe> {
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, portal.organizationId));
  const linked = await db
    .select({
      id: stores.id,
      name: stores.name,
      cartUnits: sql<number>`coalesce((select sum(l.quantity) from portal_cart_lines l where l.store_id = ${stores.id}), 0)::int`,
    })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(
      and(
        eq(storeUsers.userId, user.id),
        eq(stores.organizationId, portal.organizationId),
        eq(stores.status, "active"),
      ),
    )
    .orderBy(asc(stores.name), asc(stores.id));
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
    // The guard let the user in, so their organization exists and is active.
    organization: organization!,
    stores: linked,
    permissions: portal.permissions,
  };
}
