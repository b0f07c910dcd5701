import { z } from "zod";
import {
  previewChoiceTotalsSchema,
  previewFieldSchema,
  previewFieldValues,
  previewReachSchema,
  type PreviewChoiceTotals,
  type PreviewField,
  type PreviewReach,
} from "./line-list-preview.ts";

// Defined beside the preview's summary, which carries them; exported here too, where they belong.
export { previewChoiceTotalsSchema, previewReachSchema, type PreviewChoiceTotals, type PreviewReach };

/**
 * Reviewing an upload before saving it (issue 33, docs/line-list-saves.md): every changed field
 * of every style can be kept (the product's value stays) or taken (the file's value is saved), per
 * field, per style, per column; new styles can be left out; styles of the line list missing from
 * the file are kept unless removed. The choices are kept on the server with the staged upload
 * (they survive a reload) and Save applies exactly what was taken, in one transaction.
 *
 *   PATCH /api/crocs/preview/{lineListId}/choices   (catalogs.manage) a `previewChoicesInputSchema`
 *                                                    → `previewChoicesDataSchema`
 *
 * The preview's rows (GET .../styles) carry each style's `kept` fields and `leftOut`; its summary
 * (GET /api/crocs/preview/{id}) carries `choices` (the totals) and `reach` (other line lists a save
 * would change); dropped styles carry `remove`.
 */

export const reviewApiPaths = {
  choices: (lineListId: number) => `/api/crocs/preview/${lineListId}/choices`,
} as const;

/** The fields a changed style may keep as they were: every field the preview compares. */
export const reviewFieldValues = previewFieldValues;
export type ReviewField = PreviewField;

const styleId = z.number().int().positive();

export const previewChoicesInputSchema = z
  .object({
    /** Choices per style (at most 1,000 at once; a column choice covers any number). */
    styles: z
      .array(
        z.object({
          id: styleId,
          /** Fields whose old value the style keeps. */
          keep: z.array(previewFieldSchema).max(previewFieldValues.length).optional(),
          /** Fields whose new value the style takes (undoes `keep`). */
          take: z.array(previewFieldSchema).max(previewFieldValues.length).optional(),
          /** "Keep this style as it was": every changed field kept (true), or every one taken (false). */
          keepStyle: z.boolean().optional(),
          /** A new style left out of the save (true), or taken again (false). */
          leaveOut: z.boolean().optional(),
        }),
      )
      .max(1000)
      .optional(),
    /** "Keep every old MSRP" (`keep: true`) or take every new one (`keep: false`), over the whole upload. */
    column: z.object({ field: previewFieldSchema, keep: z.boolean() }).optional(),
    /** Every new style left out (true) or taken (false). */
    newStyles: z.object({ leaveOut: z.boolean() }).optional(),
    /** Styles of the line list missing from the file: removed from the line list on save, or kept. */
    dropped: z
      .object({ modelCodes: z.array(z.string().min(1).max(100)).min(1).max(5000), remove: z.boolean() })
      .optional(),
    /** "Take all": every choice reset (every change taken, every new style in, every dropped style kept). */
    takeAll: z.literal(true).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Say which choice to make",
  });
export type PreviewChoicesInput = z.infer<typeof previewChoicesInputSchema>;

export const previewChoicesDataSchema = z.object({ choices: previewChoiceTotalsSchema });
export type PreviewChoicesData = z.infer<typeof previewChoicesDataSchema>;

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

export const reviewMessages = {
  keepOldValue: "Keep old value",
  takeNewValue: "Take new value",
  keepStyle: "Keep this style as it was",
  takeStyle: "Take every change of this style",
  keepColumn: (label: string) => `Keep every old ${label}`,
  takeColumn: (label: string) => `Take every new ${label}`,
  takeAll: "Take all",
  leaveOut: "Leave out",
  takeNewStyle: "Take this new style",
  leaveOutAllNew: "Leave out every new style",
  removeFromLineList: "Remove from line list",
  keepInLineList: "Keep in line list",
  /** The Save dialog's totals: "12 changes taken, 4 kept as they were, 3 new styles left out". */
  saveTotals: (
    totals: Pick<PreviewChoiceTotals, "changesTaken" | "changesKept" | "newStylesLeftOut" | "droppedRemoved">,
  ) =>
    [
      plural(totals.changesTaken, "change taken", "changes taken"),
      `${count(totals.changesKept)} kept as they were`,
      plural(totals.newStylesLeftOut, "new style left out", "new styles left out"),
      ...(totals.droppedRemoved > 0
        ? [
            plural(
              totals.droppedRemoved,
              "style removed from the line list",
              "styles removed from the line list",
            ),
          ]
        : []),
    ].join(", "),
  /** The Save dialog and the preview name every other line list a save would change. */
  reachTitle: "Other line lists this save changes",
  reachLine: (name: string, styles: number, published: boolean) =>
    `${name}${published ? " (published)" : ""}: ${plural(styles, "style", "styles")}`,
  reachNone: "No other line list changes: prices and dates stay each line list's own.",
  nothingToChoose: "Say which choice to make",
  // Server answers of PATCH .../choices and of the save.
  stylesNotInUpload: (ids: readonly number[]) =>
    `${ids.length === 1 ? "Style" : "Styles"} ${ids.join(", ")} ${ids.length === 1 ? "is" : "are"} not in this upload`,
  onlyNewLeftOut: (modelCodes: readonly string[]) =>
    `Only new styles can be left out; already in the brand's items: ${modelCodes.join(", ")}`,
  notDropped: (modelCodes: readonly string[]) =>
    `Not a style of this line list missing from the file: ${modelCodes.join(", ")}`,
  /** A dropped style an order or a published catalog uses stays in the line list. */
  cannotRemove: (styles: readonly { modelCode: string; blockedBy: "ordered" | "published" }[]) =>
    `These styles stay in the line list: ${styles
      .map(
        (style) =>
          `${style.modelCode} (${style.blockedBy === "ordered" ? "ordered" : "in a published catalog"})`,
      )
      .join(", ")}`,
  choicesSaved: "Choices saved",
} as const;
