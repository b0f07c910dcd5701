import {
  type PreviewChoicesData,
  previewChoicesDataSchema,
  type PreviewChoicesInput,
  previewChoicesInputSchema,
  reviewApiPaths,
} from "@cm/contracts/line-list-review";
import { apiFetch } from "@/lib/api-client";

/**
 * `PATCH /api/crocs/preview/{lineListId}/choices`: keeps or takes changes, leaves new styles out,
 * removes dropped styles; answers the totals Save would apply. The preview screen sends these one
 * after another through its choices store (hooks/preview-choices-store.ts), which shows each
 * choice before the answer arrives.
 */
export function updatePreviewChoices(
  lineListId: number,
  input: PreviewChoicesInput,
): Promise<PreviewChoicesData> {
  return apiFetch(reviewApiPaths.choices(lineListId), {
    method: "PATCH",
    body: previewChoicesInputSchema.parse(input),
    schema: previewChoicesDataSchema,
  });
}
