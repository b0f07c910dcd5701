import { type HistoryEntityType, historyQuerySchema } from "@cm/contracts/history";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import type { ActivityHrefQuery } from "@/config/paths";

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

/** A value the contract accepts, or undefined: a hand-edited URL cannot break the page. */
function read<T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  raw: string | null,
) {
  if (raw === null || raw === "") return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

function readParams(search: URLSearchParams): ActivityParams {
  return {
    entityType: read(shape.entityType, search.get("entityType")),
    userId: read(shape.userId, search.get("userId")),
    from: read(shape.from, search.get("from")),
    to: read(shape.to, search.get("to")),
    page: read(shape.page, search.get("page")) ?? 1,
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
