import type { PublishCatalogInput } from "@cm/contracts/catalogs";
import { type LineList, lineListSchema } from "@cm/contracts/line-lists";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/publish`: publishes the line list's catalogs, for good. */
export function publishCatalog(input: PublishCatalogInput): Promise<LineList> {
  return apiFetch("/api/crocs/catalogs/publish", { method: "POST", body: input, schema: lineListSchema });
}

export function usePublishCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCatalog,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
        // The segmentation screen shows the published state when next opened; no reload for the one closing.
        queryClient.invalidateQueries({ queryKey: catalogKeys.all, refetchType: "none" }),
      ]),
  });
}
