import {
  placementResultSchema,
  preSegmentedErrorsSchema,
  segmentationFileContentTypes,
  segmentationLimits,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import type { LineListRowError } from "@cm/contracts/line-list-format";
import {
  type PlacementAnswer,
  toPlacementAnswer,
  usePlacementMutation,
} from "@/features/catalogs/api/placement-mutation";
import { apiFetch, ifMatch, isApiError } from "@/lib/api-client";

export interface UploadSegmentationInput {
  lineListId: number;
  file: File;
}

/** The file kinds the server reads, by extension; undefined for any other file. */
export function segmentationFileContentType(fileName: string): string | undefined {
  const extension = fileName.toLowerCase().split(".").pop();
  return extension === "csv" || extension === "xlsx" ? segmentationFileContentTypes[extension] : undefined;
}

export const segmentationFileAccept = `.csv,.xlsx,${Object.values(segmentationFileContentTypes).join(",")}`;

/** Why a file cannot be sent at all, before asking the server; undefined when it can. */
export function segmentationFileProblem(file: File): string | undefined {
  if (!segmentationFileContentType(file.name)) return segmentationMessages.segmentationFileType;
  if (file.size === 0) return segmentationMessages.segmentationFileEmpty;
  if (file.size > segmentationLimits.maxSegmentationFileBytes)
    return segmentationMessages.segmentationFileTooLarge;
  return undefined;
}

/**
 * `POST /api/crocs/catalogs/pre-segmented?lineListId=…` with the file itself as the body: every
 * item it names is placed in the catalogs its rows list, or nothing changes.
 */
export async function uploadSegmentation(
  { lineListId, file }: UploadSegmentationInput,
  revision?: number,
): Promise<PlacementAnswer> {
  const envelope = await apiFetch("/api/crocs/catalogs/pre-segmented", {
    method: "POST",
    query: { lineListId },
    body: file,
    headers: {
      "Content-Type": segmentationFileContentType(file.name) ?? "application/octet-stream",
      ...ifMatch(revision),
    },
    schema: placementResultSchema,
    envelope: true,
  });
  return toPlacementAnswer(envelope);
}

export function useUploadSegmentation() {
  return usePlacementMutation(uploadSegmentation, (input) => input.lineListId);
}

/** The row errors of a refused file, when the failure is one. */
export function segmentationRowErrors(
  error: unknown,
): { errors: LineListRowError[]; errorCount: number } | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  const parsed = preSegmentedErrorsSchema.shape.data.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}
