import {
  type DiscardPreviewData,
  discardPreviewDataSchema,
  previewApiPaths,
} from "@cm/contracts/line-list-preview";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/** `DELETE /api/crocs/discard-uploaded-data/{lineListId}`: the staged rows, and the line list if only a preview. */
export function discardPreview(lineListId: number): Promise<DiscardPreviewData> {
  return apiFetch(previewApiPaths.discard(lineListId), {
    method: "DELETE",
    schema: discardPreviewDataSchema,
  });
}

export function useDiscardPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardPreview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
  });
}
