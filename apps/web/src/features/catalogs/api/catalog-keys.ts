/**
 * Query keys of a line list's populated catalogs (the segmentation screen). Writes to its items
 * update `detail(lineListId)` with the server's answer, or invalidate it when they fail.
 */
export const catalogKeys = {
  all: ["catalogs"] as const,
  details: () => [...catalogKeys.all, "populated"] as const,
  detail: (lineListId: number) => [...catalogKeys.details(), lineListId] as const,
  /** The line list's catalogs with their audiences (the Manage screen's audience editor). */
  audiences: (lineListId: number) => [...catalogKeys.all, "audiences", lineListId] as const,
};
