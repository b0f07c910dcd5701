import type { LineListsQuery, LineListsWithCatalogsQuery } from "@cm/contracts/line-lists";

/**
 * Query keys of line lists, shared by the screens that show them (catalogs, a brand's line
 * lists). Any write to a line list or its catalogs invalidates `all`.
 */
export const lineListKeys = {
  all: ["line-lists"] as const,
  lists: () => [...lineListKeys.all, "list"] as const,
  list: (query: LineListsQuery = {}) => [...lineListKeys.lists(), query] as const,
  withCatalogs: () => [...lineListKeys.all, "with-catalogs"] as const,
  withCatalogsPage: (query: LineListsWithCatalogsQuery = {}) =>
    [...lineListKeys.withCatalogs(), query] as const,
  details: () => [...lineListKeys.all, "detail"] as const,
  detail: (lineListId: number) => [...lineListKeys.details(), lineListId] as const,
  /** The line lists Download Forms offers: refreshed with the others, when one is published. */
  orderForms: () => [...lineListKeys.all, "order-form"] as const,
};
