import type { PublishCatalogInput } from "@cm/contracts/catalogs";
import { type LineList, lineListSchema } from "@cm/contracts/line-lists";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/crocs/catalogs/publish`: publishes the line list's catalogs, for good, to the
 * audiences named; with `publishAt`, schedules the publication for that time instead.
 */
export function publishCatalog(input: PublishCatalogInput): Promise<LineList> {
  return apiFetch("/api/crocs/catalogs/publish", { method: "POST", body: input, schema: lineListSchema });
}

/** `DELETE /api/line-lists/{lineListId}/scheduled-publication`: the line list stays unpublished. */
export function cancelScheduledPublication(input: {
  lineListId: number;
  expectedRevision?: number;
}): Promise<LineList> {
  return apiFetch(`/api/line-lists/${input.lineListId}/scheduled-publication`, {
    method: "DELETE",
    headers:
      input.expectedRevision === undefined ? undefined : { "If-Match": String(input.expectedRevision) },
    schema: lineListSchema,
  });
}

function usePublicationMutation<TInput>(mutationFn: (input: TInput) => Promise<LineList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
        // The segmentation screen shows the published state when next opened; no reload for the one closing.
        queryClient.invalidateQueries({ queryKey: catalogKeys.all, refetchType: "none" }),
      ]),
  });
}

export function usePublishCatalog() {
  return usePublicationMutation(publishCatalog);
}

export function useCancelScheduledPublication() {
  return usePublicationMutation(cancelScheduledPublication);
}
