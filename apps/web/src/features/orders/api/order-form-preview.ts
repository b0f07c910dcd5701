import {
  type OrderFormPreview,
  type OrderFormPreviewInput,
  orderFormMessages,
  orderFormPreviewInputSchema,
  orderFormPreviewSchema,
} from "@cm/contracts/order-forms";
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
 * A filled order form goes the line lists' way (docs/uploads.md): presign, PUT to the presigned
 * URL (the PUT is shared in `lib/api`), then the processing step, which for a form is the preview.
 */

function presignOrderForm(file: File, contentType: string, signal?: AbortSignal): Promise<PresignUploadData> {
  const input: PresignUploadInput = {
    purpose: "order-form",
    fileKey: file.name,
    fileType: file.type,
    fileSize: file.size,
    contentType,
  };
  return apiFetch("/api/uploads/get-presigned-upload-url", {
    method: "POST",
    body: input,
    schema: presignUploadDataSchema,
    signal,
  });
}

/** `POST /api/orders/order-form/preview`: the stored form priced for the store; nothing is kept. */
export function getOrderFormPreview(
  input: OrderFormPreviewInput,
  signal?: AbortSignal,
): Promise<OrderFormPreview> {
  return apiFetch("/api/orders/order-form/preview", {
    method: "POST",
    body: orderFormPreviewInputSchema.parse(input),
    schema: orderFormPreviewSchema,
    signal,
  });
}

/** What a preview is asked for: a file, and the store chosen (none: the store the form names). */
export interface OrderFormPreviewRequest {
  file: File;
  storeId?: number;
}

/** Uploads the form and answers its preview for the store, or for the one the form names. */
export async function previewOrderForm(
  { file, storeId }: OrderFormPreviewRequest,
  signal?: AbortSignal,
): Promise<OrderFormPreview> {
  // A form is a workbook (not a CSV, which line lists may be): anything else is refused here,
  // without an upload.
  const contentType = /\.(xlsx|xls)$/i.test(file.name.trim()) ? contentTypeForFileName(file.name) : null;
  if (contentType === null) throw new ApiError(0, orderFormMessages.notAnOrderForm);
  const presign = await presignOrderForm(file, contentType, signal);
  await putPresignedFile(presign, file, { signal, networkFailure: uploadMessages.uploadUrlInvalid });
  return getOrderFormPreview({ fileKey: presign.fileKey, storeId }, signal);
}

/**
 * The preview of a form for a store. A mutation, not a query: each call uploads the file anew
 * (the server deletes it once read), and the answer belongs to that file and store only.
 */
export function useOrderFormPreview() {
  return useMutation({ mutationFn: (input: OrderFormPreviewRequest) => previewOrderForm(input) });
}
