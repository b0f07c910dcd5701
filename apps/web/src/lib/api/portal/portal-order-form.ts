import { orderFormContentType } from "@cm/contracts/order-forms";
import { type PortalOrderFormPreview, portalOrderFormPreviewSchema } from "@cm/contracts/portal-users";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiFetch, apiRequest, responseFailureMessage } from "@/lib/api-client";
import { fileNameFromDisposition, saveBlob } from "@/lib/download";

export interface PortalOrderFormTarget {
  storeId: number;
  lineListId: number;
}

/**
 * `GET /api/portal/line-lists/{id}/order-form?storeId=`: the line list's XLSX order form for the
 * store, fetched with the session's token (a plain link would carry none) and saved under the name
 * the server gives.
 */
export async function downloadPortalOrderForm({
  storeId,
  lineListId,
}: PortalOrderFormTarget): Promise<string> {
  const response = await apiRequest(`/api/portal/line-lists/${lineListId}/order-form?storeId=${storeId}`);
  if (!response.ok) throw new ApiError(response.status, await responseFailureMessage(response));
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition")) ?? "order form.xlsx";
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useDownloadPortalOrderForm() {
  return useMutation({ mutationFn: downloadPortalOrderForm });
}

/**
 * `POST /api/portal/order-form/preview?storeId=`: the filled form, sent as the body itself, read
 * into the lines the store may order and the cells refused. Nothing is stored.
 */
export function previewPortalOrderForm({
  storeId,
  file,
}: {
  storeId: number;
  file: Blob;
}): Promise<PortalOrderFormPreview> {
  return apiFetch("/api/portal/order-form/preview", {
    method: "POST",
    query: { storeId },
    headers: { "Content-Type": orderFormContentType },
    body: file,
    schema: portalOrderFormPreviewSchema,
  });
}

export function usePreviewPortalOrderForm() {
  return useMutation({ mutationFn: previewPortalOrderForm });
}
