import { type PortalStyles, type PortalStylesQuery, portalStylesSchema } from "@cm/contracts/portal-catalogs";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** The styles query without the store, which the path or `storeId` names. */
export type PortalStylesFilters = Omit<PortalStylesQuery, "storeId">;

/**
 * Where a line list's catalog reads its styles: the portal's read for a customer, staff's
 * "View as store" read otherwise; the catalog screen is the same for both.
 */
export interface PortalStylesSource {
  queryKey: (lineListId: number, filters: PortalStylesFilters) => readonly unknown[];
  get: (lineListId: number, filters: PortalStylesFilters, signal?: AbortSignal) => Promise<PortalStyles>;
}

/** `GET /api/portal/line-lists/{id}/styles`: a page of the line list's styles the store sees; 404 for one it may not. */
export function getPortalStyles(
  storeId: number,
  lineListId: number,
  filters: PortalStylesFilters,
  signal?: AbortSignal,
): Promise<PortalStyles> {
  return apiFetch(`/api/portal/line-lists/${lineListId}/styles`, {
    query: { storeId, ...filters },
    schema: portalStylesSchema,
    signal,
  });
}

export function portalStylesSource(storeId: number): PortalStylesSource {
  return {
    queryKey: (lineListId, filters) => portalKeys.styles(storeId, lineListId, filters),
    get: (lineListId, filters, signal) => getPortalStyles(storeId, lineListId, filters, signal),
  };
}
