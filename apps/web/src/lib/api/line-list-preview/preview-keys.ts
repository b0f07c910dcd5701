import type { PreviewStylesQuery } from "@cm/contracts/line-list-preview";

/**
 * Query keys of an uploaded line list's preview, shared by the upload dialog (which loads the
 * preview before opening it) and the preview screen. Saving or discarding removes `detail(id)`
 * and everything under it.
 */
export const previewKeys = {
  all: ["line-list-preview"] as const,
  details: () => [...previewKeys.all, "detail"] as const,
  detail: (lineListId: number) => [...previewKeys.details(), lineListId] as const,
  styles: (lineListId: number) => [...previewKeys.detail(lineListId), "styles"] as const,
  styleList: (lineListId: number, query: Omit<PreviewStylesQuery, "page"> = {}) =>
    [...previewKeys.styles(lineListId), query] as const,
};

/**
 * A preview changes only through its own save or discard (or a new upload, which replaces it in
 * the cache): fresh for the moment between the upload loading it and the screen showing it.
 */
export const previewStaleTimeMs = 30_000;
