import { z } from "zod";
import { maxEntityId } from "./envelope.ts";

/**
 * A line list's saves as change sets, and undoing one (issue 33, docs/line-list-saves.md). Every
 * save of a line list (new, update, and an undo) is one change set: who, when, the file, and for
 * each style the fields before and after and the styles added or removed.
 *
 *   GET  /api/line-lists/{id}/saves                          (catalogs.view)   newest first
 *   GET  /api/line-lists/{id}/saves/{saveId}                 (catalogs.view)   one save's styles
 *   POST /api/line-lists/{id}/saves/{saveId}/undo?dryRun=true (catalogs.manage) what an undo would do
 *   POST /api/line-lists/{id}/saves/{saveId}/undo             (catalogs.manage) the undo, applied
 *        body `undoSaveInputSchema`; 409 when the save was undone meanwhile (two people at once)
 */

export const lineListSavesApiPaths = {
  saves: (lineListId: number) => `/api/line-lists/${lineListId}/saves`,
  save: (lineListId: number, saveId: number) => `/api/line-lists/${lineListId}/saves/${saveId}`,
  undo: (lineListId: number, saveId: number) => `/api/line-lists/${lineListId}/saves/${saveId}/undo`,
} as const;

/** `/api/line-lists/{lineListId}/saves/{saveId}` (and `/undo`). */
export const lineListSaveParamsSchema = z.object({
  lineListId: z.coerce.number().int().min(1).max(maxEntityId),
  saveId: z.coerce.number().int().min(1).max(maxEntityId),
});

export const lineListSaveKindValues = ["new", "update", "undo"] as const;
export const lineListSaveKindSchema = z.enum(lineListSaveKindValues);
export type LineListSaveKind = z.infer<typeof lineListSaveKindSchema>;

export const lineListSaveSchema = z.object({
  id: z.number().int(),
  kind: lineListSaveKindSchema,
  savedAt: z.string(),
  /** The person's name (or e-mail); null for a system write. */
  savedBy: z.string().nullable(),
  /** The uploaded file's name; null for an undo. */
  fileName: z.string().nullable(),
  counts: z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() }),
  /** For an undo: the save it undid. */
  undoes: z.number().int().nullable(),
  /** The undo that undid this save, if any (it can then not be undone again; the undo can). */
  undoneBy: z.number().int().nullable(),
});
export type LineListSave = z.infer<typeof lineListSaveSchema>;

export const lineListSavesDataSchema = z.object({ saves: z.array(lineListSaveSchema) });
export type LineListSavesData = z.infer<typeof lineListSavesDataSchema>;

/** A value as a change set keeps it: text, a number, a list (image URLs, sizes as "size SKU"), or null. */
export const savedValueSchema = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);
export type SavedValue = z.infer<typeof savedValueSchema>;

export const styleChangeValues = ["added", "changed", "removed"] as const;
export const styleChangeSchema = z.enum(styleChangeValues);

export const lineListSaveDetailSchema = z.object({
  save: lineListSaveSchema,
  styles: z.array(
    z.object({
      modelCode: z.string(),
      change: styleChangeSchema,
      /** For `changed`: each field that changed. Fields are the preview's (`previewFieldValues`). */
      fields: z.array(z.object({ field: z.string(), before: savedValueSchema, after: savedValueSchema })),
    }),
  ),
});
export type LineListSaveDetail = z.infer<typeof lineListSaveDetailSchema>;

export const undoSaveQuerySchema = z.object({
  /** true: nothing changes; the answer says what would. */
  dryRun: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

export const undoSaveInputSchema = z
  .object({
    /** The person confirmed that published catalogs change (the dry run listed them). */
    confirmPublished: z.boolean().optional(),
    /** The line list's revision the dry run showed (or If-Match): a save since gets 409. */
    expectedRevision: z.number().int().min(1).max(maxEntityId).optional(),
  })
  .optional();
export type UndoSaveInput = z.infer<typeof undoSaveInputSchema>;

export const undoActionValues = ["restore-field", "remove-style", "restore-style"] as const;

export const undoSaveDataSchema = z.object({
  /** What the undo reverts (a field back to its value before the save, a style removed or restored). */
  revert: z.array(
    z.object({
      modelCode: z.string(),
      action: z.enum(undoActionValues),
      /** restore-field only. */
      field: z.string().nullable(),
      before: savedValueSchema.optional(),
      current: savedValueSchema.optional(),
    }),
  ),
  /** What it leaves as it is, and why (`undoMessages`). */
  skip: z.array(z.object({ modelCode: z.string(), field: z.string().nullable(), reason: z.string() })),
  /** Published catalogs whose items the undo changes: applying needs `confirmPublished`. */
  publishedCatalogs: z.array(
    z.object({
      catalogId: z.number().int(),
      type: z.string(),
      styles: z.number().int(),
      /** The catalog's line list: this one, or another published one showing a style whose shared fields revert. */
      lineListId: z.number().int().optional(),
      lineListName: z.string().optional(),
    }),
  ),
  /** False for a dry run. */
  applied: z.boolean(),
  /** The undo's own change set, once applied. */
  save: lineListSaveSchema.nullable(),
});
export type UndoSaveData = z.infer<typeof undoSaveDataSchema>;

export const undoMessages = {
  undoThisSave: "Undo this save",
  savesTitle: "Saves",
  noSaves: "No saves yet.",
  dryRunTitle: "Undo this save?",
  confirm: "Undo save",
  changedSince: "Changed again since this save: keeps its current value",
  orderedStyle: "An order line uses this style: it stays in the line list",
  publishedStyle: "A published catalog shows this style: it stays in the line list",
  publishedNeedsConfirm: "This undo changes published catalogs: confirm to go on",
  alreadyUndone: "This save was already undone",
  notFound: "No such save of this line list",
  undone: "Save undone",
  nothingToUndo: "Nothing left to undo: every change of this save was changed again since",
} as const;
