import {
  type PresignUploadData,
  presignUploadDataSchema,
  type PresignUploadInput,
} from "@cm/contracts/uploads";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/uploads/get-presigned-upload-url` (SPEC.md section 7, Uploads, step 1): where to PUT
 * the file, for 5 minutes, bound to its type and size.
 */
export function getPresignedUploadUrl(
  input: PresignUploadInput,
  signal?: AbortSignal,
): Promise<PresignUploadData> {
  return apiFetch("/api/uploads/get-presigned-upload-url", {
    method: "POST",
    body: input,
    schema: presignUploadDataSchema,
    signal,
  });
}
