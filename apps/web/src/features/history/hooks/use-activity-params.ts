import { type HistoryEntityType, historyQuerySchema } from "@cm/contracts/history";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import type { ActivityHrefQuery } from "@/config/paths";
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

export type ActivityParamsPatch = Partial<Record<keyof ActivityHrefQuery, string | number | undefined>>;

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

/**
 * The Activity page's filters and page, read from and written to the URL's query. A filter change
 * goes back to the first page; empty values and page 1 are left out of the URL.
 */
export function useActivityParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readParams(searchParams), [searchParams]);

  // Two changes within one render (Clear filters) must not lose the first: the latest URL asked
  // for is kept until the router catches up.
  const requested = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    requested.current = null;
  }, [searchParams]);

  const update = useCallback(
    (patch: ActivityParamsPatch) => {
      const next = new URLSearchParams(requested.current ?? searchParams);
      for (const [name, value] of Object.entries(patch)) {
        const text = value === undefined ? "" : String(value).trim();
        if (text === "" || (name === "page" && text === "1")) next.delete(name);
        else next.set(name, text);
      }
      if (!("page" in patch)) next.delete("page");
      requested.current = next;
      setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );

  const filtered = activityFilterNames.some((name) => params[name] !== undefined);
  return { params, update, filtered };
}
