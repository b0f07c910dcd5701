import type { PortalMe } from "@cm/contracts/portal";
import { testSessionUser } from "@/testing/auth";

/** The customer user the portal's screen tests sign in: Bea Buyer of Sole Brothers. */
export const portalBuyer = testSessionUser({
  id: 41,
  email: "buyer@shoes.example",
  firstName: "Bea",
  lastName: "Buyer",
  type: "external",
  permissions: [],
  role: { id: 7, name: "Buyer" },
});

/** `GET /api/portal/me` for the portal's screen tests: the buyer, Downtown, and Buyer's permissions unless told. */
export function testPortalMe({
  user = { id: 41, email: "buyer@shoes.example", firstName: "Bea", lastName: "Buyer" },
  stores = [{ id: 11, name: "Downtown" }],
  permissions = ["portal.catalogs.view", "portal.orders.manage"],
}: Partial<PortalMe> = {}): PortalMe {
  return { user, organization: { id: 3, name: "Sole Brothers" }, stores, permissions };
}
