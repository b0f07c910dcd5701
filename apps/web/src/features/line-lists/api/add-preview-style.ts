import {
  type PreviewNewStyleData,
  previewApiPaths,
  previewNewStyleDataSchema,
  type PreviewNewStyleInput,
  previewNewStyleInputSchema,
} from "@cm/contracts/line-list-preview";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { apiFetch } from "@/lib/api-client";

export interface AddPreviewStyleVariables {
  lineListId: number;
  style: PreviewNewStyleInput;
}

/** `POST /api/crocs/preview/{lineListId}/styles`: a style typed by hand joins the upload waiting. */
export function addPreviewStyle({
  lineListId,
  style,
}: AddPreviewStyleVariables): Promise<PreviewNewStyleData> {
  return apiFetch(previewApiPaths.addStyle(lineListId), {
    method: "POST",
    body: previewNewStyleInputSchema.parse(style),
    schema: previewNewStyleDataSchema,
  });
}

/** The preview's counts and styles are read again with the new style among them. */
export function useAddPreviewStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPreviewStyle,
    onSuccess: (_data, { lineListId }) =>
      queryClient.invalidateQueries({ queryKey: previewKeys.detail(lineListId) }),
  });
}
