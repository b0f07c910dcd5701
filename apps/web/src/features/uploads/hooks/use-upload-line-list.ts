import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { previewSummaryQueryOptions } from "@/lib/api/line-list-preview/get-preview-summary";
import { previewStylesQueryOptions } from "@/lib/api/line-list-preview/get-preview-styles";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { getPresignedUploadUrl } from "@/features/uploads/api/get-presigned-upload-url";
import { processLineList } from "@/features/uploads/api/process-line-list";
import { putPresignedFile } from "@/lib/api/put-presigned-file";
import type { UploadDraft } from "@/features/uploads/utils/upload-draft";
import { presignInput, processInput, readyDraft } from "@/features/uploads/utils/upload-request";

/** SPEC.md section 4, "Upload processing", with the progress each state shows (section 9). */
export type UploadStatus =
  | "idle"
  | "loading"
  | "finding-file"
  | "uploading-file"
  | "generating-preview"
  | "rendering-preview"
  | "done";

export const uploadProgress: Record<UploadStatus, number> = {
  idle: 0,
  loading: 0,
  "finding-file": 20,
  "uploading-file": 40,
  "generating-preview": 60,
  "rendering-preview": 80,
  done: 100,
};

/** The steps the loading view lists, in order. */
export const uploadSteps: readonly { status: UploadStatus; label: string }[] = [
  { status: "finding-file", label: "Finding file" },
  { status: "uploading-file", label: "Uploading file" },
  { status: "generating-preview", label: "Generating preview" },
  { status: "rendering-preview", label: "Rendering preview" },
  { status: "done", label: "Done" },
];

/**
 * The three calls of an upload (presign, PUT, process), then the preview loaded into the cache so
 * the preview screen opens on data. Answers the line list id; `status` says where it is.
 */
export function useUploadLineList() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<UploadStatus>("idle");

  const mutation = useMutation({
    mutationFn: async (draft: UploadDraft): Promise<number> => {
      setStatus("loading");
      const ready = readyDraft(draft);
      const trackingId = crypto.randomUUID();

      setStatus("finding-file");
      const presign = await getPresignedUploadUrl(presignInput(ready, trackingId));

      setStatus("uploading-file");
      await putPresignedFile(presign, ready.file);

      setStatus("generating-preview");
      const lineListId = await processLineList(processInput(ready, presign.fileKey, trackingId));

      setStatus("rendering-preview");
      // An update reuses the line list's id: what an earlier preview of it left in the cache is stale.
      queryClient.removeQueries({ queryKey: previewKeys.detail(lineListId) });
      // The preview opens on data; if loading it fails here, the screen shows and retries it.
      await Promise.allSettled([
        queryClient.prefetchQuery(previewSummaryQueryOptions(lineListId)),
        queryClient.prefetchInfiniteQuery(previewStylesQueryOptions(lineListId)),
      ]);

      setStatus("done");
      return lineListId;
    },
    // An update changes a saved line list's pending preview; a new one is not listed until saved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
  });

  return {
    status,
    progress: uploadProgress[status],
    upload: mutation.mutateAsync,
    /** Back to idle, after success or failure (SPEC.md section 4). */
    reset: () => {
      setStatus("idle");
      mutation.reset();
    },
  };
}
