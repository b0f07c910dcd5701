/**
 * Query keys of a line list's saves (issue 33): the list, one save's styles, and an undo's dry run.
 * An undo changes every one of them (the undone save is marked, the undo is a save of its own, and
 * what other undos would do changes), so it invalidates `all`.
 */
export const lineListSaveKeys = {
  all: ["line-list-saves"] as const,
  lists: () => [...lineListSaveKeys.all, "list"] as const,
  list: (lineListId: number) => [...lineListSaveKeys.lists(), lineListId] as const,
  details: () => [...lineListSaveKeys.all, "detail"] as const,
  detail: (lineListId: number, saveId: number) =>
    [...lineListSaveKeys.details(), lineListId, saveId] as const,
  undoPreviews: () => [...lineListSaveKeys.all, "undo-preview"] as const,
  undoPreview: (lineListId: number, saveId: number) =>
    [...lineListSaveKeys.undoPreviews(), lineListId, saveId] as const,
};
