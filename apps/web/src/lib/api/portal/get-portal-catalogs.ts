import { type PortalCatalogs, portalCatalogsSchema } from "@cm/contracts/portal-catalogs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/portal/catalogs?storeId=`: the published line lists the store sees, with their catalogs. */
export function getPortalCatalogs(storeId: number, signal?: AbortSignal): Promise<PortalCatalogs> {
  return apiFetch("/api/portal/catalogs", { query: { storeId }, schema: portalCatalogsSchema, signal });
}

export function portalCatalogsQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: portalKeys.catalogs(storeId),
    queryFn: ({ signal }) => getPortalCatalogs(storeId, signal),
  });
}

export function usePortalCatalogs(storeId: number | undefined) {
  return useQuery({ ...portalCatalogsQueryOptions(storeId ?? 0), enabled: storeId !== undefined });
}
