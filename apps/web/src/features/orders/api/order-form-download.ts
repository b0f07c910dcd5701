import { orderFormFileName } from "@cm/contracts/order-forms";
import { useMutation } from "@tanstack/react-query";
import { ApiError, apiRequest, responseFailureMessage } from "@/lib/api-client";

/** What the download names the form after. */
export interface OrderFormLineList {
  id: number;
  name: string;
  brandName: string;
}

/** The name a Content-Disposition gives, the RFC 5987 `filename*` first; null when it gives none. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Saves a blob through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
