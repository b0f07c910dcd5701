import { type PresignUploadData, uploadMessages } from "@cm/contracts/uploads";
import { ApiError, responseFailureMessage } from "@/lib/api-client";

/**
 * Step 2 of an upload (docs/uploads.md), for a line list or an order form: the file itself, PUT to
 * the presigned URL with exactly the headers the server gave. No bearer token: the URL's signature
 * is the authorization (and an S3 bucket would refuse one). `networkFailure` is the message when
 * no answer comes back.
 */
export async function putPresignedFile(
  presign: PresignUploadData,
  file: File,
  {
    signal,
    networkFailure = uploadMessages.uploadFailed,
  }: { signal?: AbortSignal; networkFailure?: string } = {},
): Promise<void> {
  if (!presign.presignedUrl) throw new ApiError(0, uploadMessages.presignedUrlNotSet);
  let response: Response;
  try {
    response = await fetch(presign.presignedUrl, {
      method: presign.method,
      headers: presign.headers,
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, networkFailure);
  }
  if (!response.ok) throw new ApiError(response.status, await responseFailureMessage(response));
}
