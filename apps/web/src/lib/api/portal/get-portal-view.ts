import {
  type PortalCatalogs,
  portalCatalogsSchema,
  type PortalStyles,
  portalStylesSchema,
} from "@cm/contracts/portal-catalogs";
import { type Store, storeSchema } from "@cm/contracts/stores";
import { useQuery } from "@tanstack/react-query";
import type { PortalStylesFilters, PortalStylesSource } from "@/lib/api/portal/get-portal-styles";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

/*
 * Staff's "View as store" (catalogs.view): the portal's reads as the store would get them, under
 * `/api/stores/{storeId}/portal-view`.
 */

/** `GET /api/stores/{storeId}/portal-view/catalogs`: what the store's portal home lists. */
export function getPortalViewCatalogs(storeId: number, signal?: AbortSignal): Promise<PortalCatalogs> {
  return apiFetch(`/api/stores/${storeId}/portal-view/catalogs`, { schema: portalCatalogsSchema, signal });
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

/** The store viewed, for its name in the banner: the store page's read (`GET /api/stores/{id}`), same cache. */
export function getViewedStore(storeId: number, signal?: AbortSignal): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}`, { schema: storeSchema, signal });
}

export function useViewedStore(storeId: number) {
  return useQuery({
    queryKey: storeKeys.detail(storeId),
    queryFn: ({ signal }) => getViewedStore(storeId, signal),
    enabled: storeId > 0,
  });
}
