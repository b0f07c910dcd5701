import type { LineListSave, LineListSaveKind } from "./line-list-saves.ts";

/**
 * What the web app's Saves panel and Undo dialog write besides `undoMessages` (issue 33,
 * docs/line-list-saves.md): the states of the list, a save's kind and counts, the dry run's headings.
 */
export const lineListSavesUiMessages = {
  loading: "Loading the saves…",
  loadFailed: "The saves could not be loaded",
  kindLabels: { new: "New line list", update: "Update", undo: "Undo" } satisfies Record<
    LineListSaveKind,
    string
  >,
  undone: "Undone",
  /** An undo names the save it undid by its time. */
  undoOf: (when: string) => `Undoes the save of ${when}`,
  counts: ({ added, changed, removed }: LineListSave["counts"]) =>
    `${added.toLocaleString("en-US")} added, ${changed.toLocaleString("en-US")} changed, ${removed.toLocaleString("en-US")} removed`,
  showChanges: "Show changes",
  hideChanges: "Hide changes",
  changesLoading: "Loading the changes…",
  changesLoadFailed: "The changes could not be loaded",
  noStyleChanges: "No style changed in this save.",
  styleChangeLabels: { added: "Added", changed: "Changed", removed: "Removed" },
  /** A save by nobody signed in (a seed, a job). */
  system: "The system",
  // The Undo dialog's dry run.
  dryRunLoading: "Checking what this undo changes…",
  dryRunFailed: "What this undo changes could not be checked",
  revertTitle: "Will be reverted",
  skipTitle: "Left as it is",
  removeStyle: "Removed from the line list",
  restoreStyle: "Comes back with its sizes and SKUs",
  publishedTitle: "Published catalogs this undo changes",
  publishedCatalog: (type: string, styles: number) =>
    `${type} catalog: ${styles.toLocaleString("en-US")} ${styles === 1 ? "style" : "styles"}`,
  publishedCatalogOf: (type: string, lineListName: string, styles: number) =>
    `${type} catalog of ${lineListName}: ${styles.toLocaleString("en-US")} ${styles === 1 ? "style" : "styles"}`,
  confirmPublished: "Change these published catalogs",
  undoing: "Undoing...",
  undoFailed: "The save could not be undone",
  more: (count: number) => `…and ${count.toLocaleString("en-US")} more`,
} as const;
