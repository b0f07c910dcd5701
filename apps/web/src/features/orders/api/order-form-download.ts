import { orderFormFileName } from "@cm/contracts/order-forms";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiRequest, responseFailureMessage } from "@/lib/api-client";
import { fileNameFromDisposition, saveBlob } from "@/lib/download";

/** What the download names the form after. */
export interface OrderFormLineList {
  id: number;
  name: string;
  brandName: string;
}

/** A form to download: its line list, and the store it is for (its header then names them). */
export interface OrderFormDownload {
  lineList: OrderFormLineList;
  storeId?: number;
}

/**
 * `GET /api/line-lists/{id}/order-form`: the line list's XLSX order form, fetched with the
 * session's token (a plain link would carry none) and saved under the name the server gives.
 */
export async function downloadOrderForm(
  { lineList, storeId }: OrderFormDownload,
  signal?: AbortSignal,
): Promise<string> {
  const query = storeId === undefined ? "" : `?storeId=${storeId}`;
  const response = await apiRequest(`/api/line-lists/${lineList.id}/order-form${query}`, { signal });
  if (!response.ok) throw new ApiError(response.status, await responseFailureMessage(response));
  const fileName =
    fileNameFromDisposition(response.headers.get("content-disposition")) ??
    orderFormFileName(lineList.brandName, lineList.name);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

/** Downloads an order form; nothing is cached, since each download reads the line list as it is. */
export function useDownloadOrderForm() {
  return useMutation({ mutationFn: (input: OrderFormDownload) => downloadOrderForm(input) });
}
