import {
  type PortalStyles,
  portalStylesSchema,
  type PortalViewCatalogs,
  portalViewCatalogsSchema,
} from "@cm/contracts/portal-catalogs";
import { useQuery } from "@tanstack/react-query";
import type { PortalStylesFilters, PortalStylesSource } from "@/lib/api/portal/get-portal-styles";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/*
 * Staff's "View as store" (catalogs.view): the portal's reads as the store would get them, under
 * `/api/stores/{storeId}/portal-view`.
 */

/** `GET /api/stores/{storeId}/portal-view/catalogs`: what the store's portal home lists. */
export function getPortalViewCatalogs(storeId: number, signal?: AbortSignal): Promise<PortalViewCatalogs> {
  return apiFetch(`/api/stores/${storeId}/portal-view/catalogs`, {
    schema: portalViewCatalogsSchema,
    signal,
  });
}

export function usePortalViewCatalogs(storeId: number) {
  return useQuery({
    queryKey: [...portalKeys.viewAs(storeId), "catalogs"],
    queryFn: ({ signal }) => getPortalViewCatalogs(storeId, signal),
    enabled: storeId > 0,
  });
}

/** `GET /api/stores/{storeId}/portal-view/line-lists/{lineListId}/styles`: the line list's catalog as the store sees it. */
export function getPortalViewStyles(
  storeId: number,
  lineListId: number,
  filters: PortalStylesFilters,
  signal?: AbortSignal,
): Promise<PortalStyles> {
  return apiFetch(`/api/stores/${storeId}/portal-view/line-lists/${lineListId}/styles`, {
    query: filters,
    schema: portalStylesSchema,
    signal,
  });
}

export function portalViewStylesSource(storeId: number): PortalStylesSource {
  return {
    queryKey: (lineListId, filters) => [...portalKeys.viewAs(storeId), "styles", lineListId, filters],
    get: (lineListId, filters, signal) => getPortalViewStyles(storeId, lineListId, filters, signal),
  };
}
