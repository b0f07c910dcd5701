import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { useState } from "react";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { previewSummaryQueryOptions } from "@/lib/api/line-list-preview/get-preview-summary";
import { previewStylesQueryOptions } from "@/lib/api/line-list-preview/get-preview-styles";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { getPresignedUploadUrl } from "@/features/uploads/api/get-presigned-upload-url";
import { inspectUpload } from "@/features/uploads/api/inspect-upload";
import { processLineList } from "@/features/uploads/api/process-line-list";
import { putPresignedFile } from "@/lib/api/put-presigned-file";
import { isApiError } from "@/lib/api-client";
import type { UploadDraft } from "@/features/uploads/utils/upload-draft";
import {
  presignInput,
  processInput,
  type ReadyDraft,
  readyDraft,
} from "@/features/uploads/utils/upload-request";

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

/** A file stored by its PUT, waiting to be read into a preview line list. */
export interface StoredUpload {
  ready: ReadyDraft;
  fileKey: string;
  trackingId: string;
}

/** What starting an upload leads to: the preview, or the "Map columns" step first. */
export type UploadStart =
  | { kind: "preview"; lineListId: number }
  | { kind: "mapping"; stored: StoredUpload; inspection: InspectUploadData };

/**
 * Whether processing refused the file only because the brand's mapping does not read it (none
 * yet, or other headers): a question for "Map columns", the stored file kept for it.
 */
function needsMapping(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  // The server names the field `mapping` for exactly these answers (docs/line-list-mapping.md).
  const data = error.data as Record<string, unknown> | null | undefined;
  return Boolean(data && typeof data === "object" && "mapping" in data);
}

/**
 * The calls of an upload (presign, PUT, process), then the preview loaded into the cache so the
 * preview screen opens on data. `upload` answers the line list id or, when the brand's mapping
 * does not read the file, the inspect answer for the "Map columns" step; `finish` then processes
 * the stored file with the confirmed mapping. `status` says where it is.
 *
 * Processing is asked first and inspect only when it answers that a mapping is needed
 * (docs/line-list-mapping.md): a file the saved mapping reads, the usual case, is read once, and
 * the processing finds a missing or changed mapping before it reads any row.
 */
export function useUploadLineList() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<UploadStatus>("idle");

  async function processStored(stored: StoredUpload, mapping: LineListMapping | undefined): Promise<number> {
    const { ready, fileKey, trackingId } = stored;
    setStatus("generating-preview");
    const lineListId = await processLineList({
      ...processInput(ready, fileKey, trackingId),
      ...(mapping && { mapping }),
    });

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
  }

  const start = useMutation({
    mutationFn: async (draft: UploadDraft): Promise<UploadStart> => {
      setStatus("loading");
      const ready = readyDraft(draft);
      const trackingId = crypto.randomUUID();

      setStatus("finding-file");
      const presign = await getPresignedUploadUrl(presignInput(ready, trackingId));

      setStatus("uploading-file");
      await putPresignedFile(presign, ready.file);

      const stored = { ready, fileKey: presign.fileKey, trackingId };
      try {
        return { kind: "preview", lineListId: await processStored(stored, undefined) };
      } catch (error) {
        if (!needsMapping(error)) throw error;
      }
      const inspection = await inspectUpload(inspectInput(stored));
      return { kind: "mapping", stored, inspection };
    },
    // An update changes a saved line list's pending preview; a new one is not listed until saved.
    onSuccess: (started) =>
      started.kind === "preview" ? queryClient.invalidateQueries({ queryKey: lineListKeys.all }) : undefined,
  });

  const finish = useMutation({
    mutationFn: ({ stored, mapping }: { stored: StoredUpload; mapping: LineListMapping }) =>
      processStored(stored, mapping),
    onSettled: (_id, _error, { stored }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
        // The confirmed mapping is saved for the brand before the file is read with it.
        queryClient.invalidateQueries({ queryKey: brandKeys.mapping(stored.ready.brandId) }),
      ]),
  });

  return {
    status,
    progress: uploadProgress[status],
    upload: start.mutateAsync,
    /** Processes a stored file with the mapping the person confirmed. */
    finish: (stored: StoredUpload, mapping: LineListMapping) => finish.mutateAsync({ stored, mapping }),
    /** Reads the stored file again with another sheet or header row (the "Map columns" step). */
    inspect: (stored: StoredUpload, options: { sheet?: string; headerRow?: number }) =>
      inspectUpload({ ...inspectInput(stored), ...options }),
    /** Back to idle, after success or failure (SPEC.md section 4). */
    reset: () => {
      setStatus("idle");
      start.reset();
      finish.reset();
    },
  };
}

function inspectInput(stored: StoredUpload) {
  return { key: stored.fileKey, fileName: stored.ready.file.name, brandId: stored.ready.brandId };
}
