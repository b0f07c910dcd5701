import {
  type ConfirmPreviewData,
  confirmPreviewDataSchema,
  previewApiPaths,
} from "@cm/contracts/line-list-preview";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/preview/{lineListId}/confirm`: applies the staged rows; applied once even if sent twice. */
export function confirmPreview(lineListId: number): Promise<ConfirmPreviewData> {
  return apiFetch(previewApiPaths.confirm(lineListId), { method: "POST", schema: confirmPreviewDataSchema });
}

/**
 * Saving lists the line list (brand table, catalogs). The preview's own cache entries stay while
 * its screen shows the "Line List Saved" dialog; the screen drops them when it closes.
 */
export function useConfirmPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPreview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
  });
}
