import {
  type InspectUploadData,
  inspectUploadDataSchema,
  type InspectUploadInput,
} from "@cm/contracts/line-list-mapping-api";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/uploads/inspect` (issue 32): the stored file's sheets, header row, headers and sample
 * rows, and whether the brand's saved mapping reads it (`matches`) or the columns must be mapped.
 */
export function inspectUpload(input: InspectUploadInput, signal?: AbortSignal): Promise<InspectUploadData> {
  return apiFetch("/api/uploads/inspect", {
    method: "POST",
    body: input,
    schema: inspectUploadDataSchema,
    signal,
  });
}
