import { type PortalSeen, portalSeenInputSchema, portalSeenSchema } from "@cm/contracts/portal-catalogs";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/portal/catalogs/seen` `{ storeId }`: the user has seen the store's home now, so what
 * is published later counts as new at their next visit.
 */
export function recordPortalVisit(storeId: number): Promise<PortalSeen> {
  return apiFetch("/api/portal/catalogs/seen", {
    method: "POST",
    body: portalSeenInputSchema.parse({ storeId }),
    schema: portalSeenSchema,
  });
}
