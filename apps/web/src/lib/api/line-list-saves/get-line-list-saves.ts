import {
  type LineListSave,
  type LineListSaveDetail,
  lineListSaveDetailSchema,
  lineListSavesApiPaths,
  lineListSavesDataSchema,
} from "@cm/contracts/line-list-saves";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { lineListSaveKeys } from "@/lib/api/line-list-saves/line-list-save-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/line-lists/{id}/saves`: the line list's saves, newest first. */
export async function getLineListSaves(lineListId: number, signal?: AbortSignal): Promise<LineListSave[]> {
  const data = await apiFetch(lineListSavesApiPaths.saves(lineListId), {
    schema: lineListSavesDataSchema,
    signal,
  });
  return data.saves;
}

export function lineListSavesQueryOptions(lineListId: number) {
  return queryOptions({
    queryKey: lineListSaveKeys.list(lineListId),
    queryFn: ({ signal }) => getLineListSaves(lineListId, signal),
  });
}

export function useLineListSaves(lineListId: number) {
  return useQuery(lineListSavesQueryOptions(lineListId));
}

/** `GET /api/line-lists/{id}/saves/{saveId}`: one save's styles, each field before and after. */
export function getLineListSave(
  lineListId: number,
  saveId: number,
  signal?: AbortSignal,
): Promise<LineListSaveDetail> {
  return apiFetch(lineListSavesApiPaths.save(lineListId, saveId), {
    schema: lineListSaveDetailSchema,
    signal,
  });
}

export function lineListSaveQueryOptions(lineListId: number, saveId: number) {
  return queryOptions({
    queryKey: lineListSaveKeys.detail(lineListId, saveId),
    queryFn: ({ signal }) => getLineListSave(lineListId, saveId, signal),
  });
}

/** Read when asked for (a save expanded): `enabled` false asks nothing. */
export function useLineListSave(lineListId: number, saveId: number, { enabled = true } = {}) {
  return useQuery({ ...lineListSaveQueryOptions(lineListId, saveId), enabled });
}
