import { type LineList, lineListRenameSchema, lineListSchema } from "@cm/contracts/line-lists";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch, ifMatch } from "@/lib/api-client";

export interface RenameLineListVariables {
  lineListId: number;
  name: string;
  /** The revision the person saw: a line list changed since gets 409 instead of being overwritten. */
  revision: number;
}

/** `PATCH /api/line-lists/{lineListId}`: the line list's new name. */
export function renameLineList({ lineListId, name, revision }: RenameLineListVariables): Promise<LineList> {
  return apiFetch(`/api/line-lists/${lineListId}`, {
    method: "PATCH",
    body: lineListRenameSchema.parse({ name }),
    headers: ifMatch(revision),
    schema: lineListSchema,
  });
}

/** Every screen that lists line lists shows their names: all of them are refreshed, also after a refusal. */
export function useRenameLineList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameLineList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
  });
}
