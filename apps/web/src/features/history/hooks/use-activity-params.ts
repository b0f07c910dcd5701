import { type HistoryEntityType, historyQuerySchema } from "@cm/contracts/history";
import type { ActivityHrefQuery } from "@/config/paths";
import { type UrlParamsPatch, useUrlParams } from "@/hooks/use-url-params";
import { readSearchParam } from "@/lib/search-params";

/** The Activity page's filters and page, as its URL holds them (so a filtered view can be shared). */
export interface ActivityParams {
  entityType?: HistoryEntityType;
  /** The person who made the changes. */
  userId?: number;
  /** Calendar dates, both included. */
  from?: string;
  to?: string;
  /** From 1. */
  page: number;
}

export type ActivityParamsPatch = UrlParamsPatch<keyof ActivityHrefQuery>;

const shape = historyQuerySchema.shape;

function readParams(search: URLSearchParams): ActivityParams {
  return {
    entityType: readSearchParam(shape.entityType, search.get("entityType")),
    userId: readSearchParam(shape.userId, search.get("userId")),
    from: readSearchParam(shape.from, search.get("from")),
    to: readSearchParam(shape.to, search.get("to")),
    page: readSearchParam(shape.page, search.get("page")) ?? 1,
  };
}

export const activityFilterNames = ["entityType", "userId", "from", "to"] as const;
const urlDefaults = { page: "1" };

/**
 * The Activity page's filters and page, read from and written to the URL's query. A filter change
 * goes back to the first page; empty values and page 1 are left out of the URL.
 */
export function useActivityParams() {
  const { params, update } = useUrlParams<ActivityParams, keyof ActivityHrefQuery>(readParams, urlDefaults);
  const filtered = activityFilterNames.some((name) => params[name] !== undefined);
  return { params, update, filtered };
}
