import type { OrderStatus } from "@cm/contracts/orders";
import { portalOrdersSchema } from "@cm/contracts/portal-orders";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

export type PortalOrders = z.infer<typeof portalOrdersSchema>;

export interface PortalOrdersQuery {
  storeId?: number;
  status?: OrderStatus;
  page: number;
  pageSize: number;
}

/**
 * `GET /api/portal/orders?storeId=&status=&page=&pageSize=`: the organization's orders the user
 * may follow (all of its stores with the users permission, the user's stores otherwise), newest first.
 */
export function getPortalOrders(query: PortalOrdersQuery, signal?: AbortSignal): Promise<PortalOrders> {
  return apiFetch("/api/portal/orders", {
    query: { storeId: query.storeId, status: query.status, page: query.page, pageSize: query.pageSize },
    schema: portalOrdersSchema,
    signal,
  });
}

export function portalOrdersQueryOptions(query: PortalOrdersQuery) {
  return queryOptions({
    queryKey: portalKeys.orderList({ ...query }),
    queryFn: ({ signal }) => getPortalOrders(query, signal),
  });
}

/** A page of orders; the page shown stays while the next one loads. */
export function usePortalOrders(query: PortalOrdersQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...portalOrdersQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
