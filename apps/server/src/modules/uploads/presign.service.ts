import { eq } from "drizzle-orm";
import {
  spreadsheetExtensions,
  uploadLimits,
  uploadMessages,
  workbookContentTypes,
  workbookExtension,
  type PresignUploadData,
  type PresignUploadInput,
} from "@cm/contracts/uploads";
import type { DbExecutor } from "../../db/client.ts";
import { brands } from "../../db/schema.ts";
import { InvalidError } from "../../lib/errors.ts";
import { prepareParseWorker } from "../file-processing/parse-line-list-file.ts";
import { newUploadKey, type ObjectStore } from "../storage/object-store.ts";

/** Step 1 of an upload: the presigned URL the browser sends the file to. */

const mediaType = (contentType: string) => contentType.split(";", 1)[0]!.trim().toLowerCase();

/** Whether the brand exists and is active: any such brand's line lists can be uploaded (issue 32). */
async function isActiveBrand(db: DbExecutor, brandId: number): Promise<boolean> {
  const [brand] = await db.select({ status: brands.status }).from(brands).where(eq(brands.id, brandId));
  return brand?.status === "active";
}

/**
 * Checks an upload before any byte is sent (an active brand, the file's extension, .xlsx, .xls or
 * .csv, and its content type, size) and answers a URL for one PUT of exactly that file to a key
 * chosen here. Stores nothing: an abandoned upload leaves no trace. An order form (`purpose:
 * "order-form"`) names no brand, since its file names its line list, which the order form
 * preview checks, and is a workbook, never a CSV file.
 */
export async function presignUpload(
  db: DbExecutor,
  store: ObjectStore,
  input: PresignUploadInput,
  options: { maxFileBytes: number },
): Promise<PresignUploadData> {
  const purpose = input.purpose ?? "line-list";
  if (purpose === "line-list") {
    if (!input.metadata || !(await isActiveBrand(db, input.metadata.brandId)))
      throw new InvalidError(uploadMessages.nonRecognizedBrand);
  }

  const extension = workbookExtension(input.fileKey);
  if (!extension)
    throw new InvalidError(uploadMessages.wrongFileType, { fileKey: [uploadMessages.wrongFileType] });
  if (purpose === "order-form" && !(spreadsheetExtensions as readonly string[]).includes(extension))
    throw new InvalidError(uploadMessages.orderFormFileType, { fileKey: [uploadMessages.orderFormFileType] });
  const expectedType = workbookContentTypes[extension];
  if (mediaType(input.contentType) !== expectedType) {
    const message = uploadMessages.contentTypeMismatch(extension, expectedType);
    throw new InvalidError(message, { contentType: [message] });
  }
  if (input.fileSize === 0)
    throw new InvalidError(uploadMessages.emptyFile, { fileSize: [uploadMessages.emptyFile] });
  if (input.fileSize > options.maxFileBytes) {
    const message = uploadMessages.fileTooLarge(options.maxFileBytes);
    throw new InvalidError(message, { fileSize: [message] });
  }

  const fileKey = newUploadKey(extension);
  const presigned = await store.presignPut({
    key: fileKey,
    contentType: expectedType,
    contentLength: input.fileSize,
    contentDisposition: input.contentDisposition,
    expiresInSeconds: uploadLimits.presignedUrlTtlSeconds,
  });
  // The file-processing request follows the upload: its parse worker starts loading meanwhile.
  if (purpose === "line-list") prepareParseWorker();
  return {
    presignedUrl: presigned.url,
    fileKey,
    // The metadata travels in the processing request and is kept with the upload's record.
    metadataKey: fileKey.replace(/\.(xlsx|xls|csv)$/, ".metadata.json"),
    method: "PUT",
    headers: presigned.headers,
    expiresAt: presigned.expiresAt.toISOString(),
    maxFileBytes: options.maxFileBytes,
  };
}
