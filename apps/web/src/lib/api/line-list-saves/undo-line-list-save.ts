import {
  type UndoSaveData,
  undoSaveDataSchema,
  type UndoSaveInput,
  lineListSavesApiPaths,
} from "@cm/contracts/line-list-saves";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lineListSaveKeys } from "@/lib/api/line-list-saves/line-list-save-keys";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch, ifMatch, isApiError } from "@/lib/api-client";

/**
 * `POST /api/line-lists/{id}/saves/{saveId}/undo?dryRun=true`: what the undo would revert and
 * skip, and the published catalogs it would change. Nothing changes on the server.
 */
export interface UndoSaveDryRun {
  data: UndoSaveData;
  /** The line list's revision the dry run was read at: the undo is applied at it, or refused (409). */
  revision: number | undefined;
}

export async function dryRunUndoSave(
  lineListId: number,
  saveId: number,
  signal?: AbortSignal,
): Promise<UndoSaveDryRun> {
  const envelope = await apiFetch(lineListSavesApiPaths.undo(lineListId, saveId), {
    method: "POST",
    query: { dryRun: "true" },
    body: {},
    schema: undoSaveDataSchema,
    signal,
    envelope: true,
  });
  const revision = envelope.nextExpectedStreamVersion;
  return { data: envelope.data, revision: typeof revision === "number" ? revision : undefined };
}

/**
 * The dry run, read each time the Undo dialog opens (a later save or undo changes it): a read,
 * though the method is POST, so it is a query and not a write the history would refresh on.
 */
export function undoSaveDryRunQueryOptions(lineListId: number, saveId: number) {
  return queryOptions({
    queryKey: lineListSaveKeys.undoPreview(lineListId, saveId),
    queryFn: ({ signal }) => dryRunUndoSave(lineListId, saveId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useUndoSaveDryRun(lineListId: number, saveId: number, { enabled = true } = {}) {
  return useQuery({ ...undoSaveDryRunQueryOptions(lineListId, saveId), enabled });
}

export interface UndoSaveVariables {
  lineListId: number;
  saveId: number;
  input?: UndoSaveInput;
  /** The revision the dry run was read at: a save of the line list since gets 409, changing nothing. */
  revision?: number;
}

/** `POST /api/line-lists/{id}/saves/{saveId}/undo`: the undo, applied in one transaction. */
export function undoSave({ lineListId, saveId, input, revision }: UndoSaveVariables): Promise<UndoSaveData> {
  return apiFetch(lineListSavesApiPaths.undo(lineListId, saveId), {
    method: "POST",
    body: input ?? {},
    headers: ifMatch(revision),
    schema: undoSaveDataSchema,
  });
}

function isUndoPreview(queryKey: readonly unknown[]): boolean {
  const prefix = lineListSaveKeys.undoPreviews();
  return prefix.every((part, index) => queryKey[index] === part);
}

/**
 * An undo changes the line list's styles (its page and every list of line lists) and its saves:
 * those are read again before the mutation settles. It may change what other screens show too
 * (products shared with other line lists, their published catalogs, the catalogs board under a
 * History sheet): every other query is marked stale and, on screen, read again; but the dry runs
 * (the one still on screen would now say the save was undone). A 409 (undone meanwhile, by another
 * person) refreshes the saves, so the list shows who won.
 */
export function useUndoSave() {
  const queryClient = useQueryClient();
  // A dry run is read afresh whenever its dialog opens (never cached): only the saves shown refresh.
  const refreshSaves = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lineListSaveKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: lineListSaveKeys.details() }),
    ]);
  return useMutation({
    mutationFn: undoSave,
    onSuccess: async (_data, { lineListId }) => {
      await Promise.all([
        refreshSaves(),
        queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
        queryClient.invalidateQueries({ queryKey: previewKeys.detail(lineListId) }),
      ]);
      void queryClient.invalidateQueries({ predicate: (query) => !isUndoPreview(query.queryKey) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refreshSaves();
    },
  });
}
