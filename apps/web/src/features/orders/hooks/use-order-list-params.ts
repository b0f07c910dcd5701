import {
  defaultOrderSort,
  type OrderListQuery,
  orderListQuerySchema,
  type OrderSort,
  type OrderStatus,
} from "@cm/contracts/orders";
import { useMemo } from "react";
import type { OrderListHrefQuery } from "@/config/paths";
import { type UrlParamsPatch, useUrlParams } from "@/hooks/use-url-params";
import { readSearchParam } from "@/lib/search-params";

/** The filters a person sets on an order list, kept in its URL so the list can be shared. */
export interface OrderListFilters {
  status?: OrderStatus;
  /** Calendar dates, both included. */
  from?: string;
  to?: string;
  organizationId?: number;
  storeId?: number;
  lineListId?: number;
}

export interface OrderListParams extends OrderListFilters {
  q: string;
  sort: OrderSort;
  /** From 1. */
  page: number;
}

type ParamName = keyof OrderListHrefQuery;
export type OrderListParamsPatch = UrlParamsPatch<ParamName>;

const shape = orderListQuerySchema.shape;

function readParams(search: URLSearchParams): OrderListParams {
  return {
    status: readSearchParam(shape.status, search.get("status")),
    from: readSearchParam(shape.from, search.get("from")),
    to: readSearchParam(shape.to, search.get("to")),
    organizationId: readSearchParam(shape.organizationId, search.get("organizationId")),
    storeId: readSearchParam(shape.storeId, search.get("storeId")),
    lineListId: readSearchParam(shape.lineListId, search.get("lineListId")),
    q: readSearchParam(shape.q, search.get("q")) ?? "",
    sort: readSearchParam(shape.sort, search.get("sort")) ?? defaultOrderSort,
    page: readSearchParam(shape.page, search.get("page")) ?? 1,
  };
}

const filterNames = ["status", "from", "to", "organizationId", "storeId", "lineListId"] as const;
const urlDefaults = { page: "1", sort: defaultOrderSort };

/**
 * An order list's filters, search, sort and page, read from and written to the URL's query.
 * Any change but a page change goes back to the first page; defaults are left out of the URL.
 */
export function useOrderListParams() {
  const { params, update, searchParams } = useUrlParams<OrderListParams, ParamName>(readParams, urlDefaults);

  const activeFilters = filterNames.filter((name) => params[name] !== undefined).length;
  const hasFilters = activeFilters > 0 || params.q !== "";

  /** The URL's query as it stands, without the page: for a link to another list with the same filters. */
  const hrefQuery = useMemo((): OrderListHrefQuery => {
    const query: OrderListHrefQuery = {};
    for (const name of [...filterNames, "q", "sort"] as const) {
      const value = searchParams.get(name);
      if (value) query[name] = value;
    }
    return query;
  }, [searchParams]);

  return { params, update, activeFilters, hasFilters, hrefQuery };
}

/** What the server is asked for: the URL's filters within the page's own scope, 10 a page. */
export function toOrderListQuery(params: OrderListParams, scope: OrderListQuery): OrderListQuery {
  const { q, ...rest } = params;
  return { ...rest, ...(q ? { q } : {}), ...scope };
}
