import { type PortalMe, portalMeSchema } from "@cm/contracts/portal";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/portal/me`: the signed-in customer user, their organization, stores and portal permissions. */
export function getPortalMe(signal?: AbortSignal): Promise<PortalMe> {
  return apiFetch("/api/portal/me", { schema: portalMeSchema, signal });
}

export function portalMeQueryOptions() {
  return queryOptions({ queryKey: portalKeys.me(), queryFn: ({ signal }) => getPortalMe(signal) });
}

export function usePortalMe() {
  return useQuery(portalMeQueryOptions());
}
