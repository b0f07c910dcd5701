import { z } from "zod";
import { previewFieldSchema, previewFieldValues, type PreviewField } from "./line-list-preview.ts";

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

/** What Save will do, with the choices made so far. */
export const previewChoiceTotalsSchema = z.object({
  /** Changed fields whose new value is taken / kept as they were, over every changed style. */
  changesTaken: z.number().int(),
  changesKept: z.number().int(),
  /** Changed styles kept whole as they were. */
  stylesKept: z.number().int(),
  newStylesTaken: z.number().int(),
  newStylesLeftOut: z.number().int(),
  /** Styles missing from the file that Save removes from the line list / keeps. */
  droppedRemoved: z.number().int(),
  droppedKept: z.number().int(),
  /** Columns kept whole ("Keep every old MSRP"): every changed style keeps that field. */
  keptColumns: z.array(previewFieldSchema),
});
export type PreviewChoiceTotals = z.infer<typeof previewChoiceTotalsSchema>;

export const previewChoicesDataSchema = z.object({ choices: previewChoiceTotalsSchema });
export type PreviewChoicesData = z.infer<typeof previewChoicesDataSchema>;

/**
 * Another line list of the brand that saving would change: it offers styles whose shared fields
 * (names, colour, pictures, attributes, sizes and SKUs) the upload changes. Prices and dates are
 * each line list's own and never reach another line list.
 */
export const previewReachSchema = z.object({
  lineListId: z.number().int(),
  name: z.string(),
  published: z.boolean(),
  /** How many of its styles change, and which fields. */
  styles: z.number().int(),
  fields: z.array(previewFieldSchema),
});
export type PreviewReach = z.infer<typeof previewReachSchema>;

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
} as const;
