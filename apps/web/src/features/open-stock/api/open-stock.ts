import {
  type OpenStockApplyData,
  openStockApplyDataSchema,
  type OpenStockApplyInput,
  openStockApplyInputSchema,
  openStockMessages,
  type OpenStockPreviewData,
  openStockPreviewDataSchema,
  type OpenStockPreviewInput,
  openStockPreviewInputSchema,
} from "@cm/contracts/open-stock";
import {
  contentTypeForFileName,
  type PresignUploadData,
  presignUploadDataSchema,
  type PresignUploadInput,
  uploadMessages,
} from "@cm/contracts/uploads";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api-client";
import { putPresignedFile } from "@/lib/api/put-presigned-file";

/**
 * An Open Stock file goes the line lists' way (docs/open-stock.md): presign (`purpose:
 * "open-stock"`), PUT to the presigned URL, then the preview, as often as the columns change, and
 * the apply, which deletes the stored file.
 */

/** The stored file a preview or the apply reads. */
export interface StoredOpenStockFile {
  key: string;
  fileName: string;
}

/** Presigns and PUTs the file; answers where it is stored. */
export async function storeOpenStockFile(file: File, signal?: AbortSignal): Promise<StoredOpenStockFile> {
  const contentType = contentTypeForFileName(file.name);
  if (contentType === null) throw new ApiError(0, openStockMessages.wrongFileType);
  const input: PresignUploadInput = {
    purpose: "open-stock",
    fileKey: file.name,
    fileType: file.type,
    fileSize: file.size,
    contentType,
  };
  const presign: PresignUploadData = await apiFetch("/api/uploads/get-presigned-upload-url", {
    method: "POST",
    body: input,
    schema: presignUploadDataSchema,
    signal,
  });
  await putPresignedFile(presign, file, { signal, networkFailure: uploadMessages.uploadUrlInvalid });
  return { key: presign.fileKey, fileName: file.name };
}

/** `POST /api/open-stock/preview`. */
export function previewOpenStock(
  input: OpenStockPreviewInput,
  signal?: AbortSignal,
): Promise<OpenStockPreviewData> {
  return apiFetch("/api/open-stock/preview", {
    method: "POST",
    body: openStockPreviewInputSchema.parse(input),
    schema: openStockPreviewDataSchema,
    signal,
  });
}

/** `POST /api/open-stock/apply`. */
export function applyOpenStock(input: OpenStockApplyInput): Promise<OpenStockApplyData> {
  return apiFetch("/api/open-stock/apply", {
    method: "POST",
    body: openStockApplyInputSchema.parse(input),
    schema: openStockApplyDataSchema,
  });
}

/** What a preview is asked for: a new file to upload first, or the stored one with other choices. */
export type OpenStockPreviewRequest =
  { file: File } | ({ stored: StoredOpenStockFile } & Omit<OpenStockPreviewInput, "key" | "fileName">);

export interface OpenStockPreviewAnswer {
  stored: StoredOpenStockFile;
  preview: OpenStockPreviewData;
}

/** A mutation, not a query: the first one uploads the file, and every answer belongs to its choices. */
export function useOpenStockPreview() {
  return useMutation({
    mutationFn: async (request: OpenStockPreviewRequest): Promise<OpenStockPreviewAnswer> => {
      if ("file" in request) {
        const stored = await storeOpenStockFile(request.file);
        return { stored, preview: await previewOpenStock(stored) };
      }
      const { stored, ...choices } = request;
      return { stored, preview: await previewOpenStock({ ...stored, ...choices }) };
    },
  });
}

export function useApplyOpenStock() {
  return useMutation({ mutationFn: applyOpenStock });
}
