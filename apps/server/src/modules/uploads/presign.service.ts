import { isCrocsBrand } from "@cm/contracts/brands";
import {
  uploadLimits,
  uploadMessages,
  workbookContentTypes,
  workbookExtension,
  type PresignUploadData,
  type PresignUploadInput,
} from "@cm/contracts/uploads";
import type { DbExecutor } from "../../db/client.ts";
import { InvalidError } from "../../lib/errors.ts";
import { findBrandNameById } from "../brands/repository.ts";
import { prepareParseWorker } from "../file-processing/parse-line-list-file.ts";
import { newUploadKey, type ObjectStore } from "../storage/object-store.ts";

/** Step 1 of an upload: the presigned URL the browser sends the file to. */

const mediaType = (contentType: string) => contentType.split(";", 1)[0]!.trim().toLowerCase();

/**
 * Checks an upload before any byte is sent (brand with a parser, workbook extension and its
 * content type, size) and answers a URL for one PUT of exactly that file to a key chosen here.
 * Stores nothing: an abandoned upload leaves no trace. An order form (`purpose: "order-form"`)
 * names no brand: its file names its line list, which the order form preview checks.
 */
export async function presignUpload(
  db: DbExecutor,
  store: ObjectStore,
  input: PresignUploadInput,
  options: { maxFileBytes: number },
): Promise<PresignUploadData> {
  if ((input.purpose ?? "line-list") === "line-list") {
    const brand = input.metadata ? await findBrandNameById(db, input.metadata.brandId) : undefined;
    if (!brand || !isCrocsBrand(brand.name)) throw new InvalidError(uploadMessages.nonRecognizedBrand);
  }

  const extension = workbookExtension(input.fileKey);
  if (!extension)
    throw new InvalidError(uploadMessages.wrongFileType, { fileKey: [uploadMessages.wrongFileType] });
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
  if ((input.purpose ?? "line-list") === "line-list") prepareParseWorker();
  return {
    presignedUrl: presigned.url,
    fileKey,
    // The metadata travels in the processing request and is kept with the upload's record.
    metadataKey: fileKey.replace(/\.(xlsx|xls)$/, ".metadata.json"),
    method: "PUT",
    headers: presigned.headers,
    expiresAt: presigned.expiresAt.toISOString(),
    maxFileBytes: options.maxFileBytes,
  };
}
