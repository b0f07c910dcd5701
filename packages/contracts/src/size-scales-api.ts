import { z } from "zod";
import { maxEntityId } from "./envelope.ts";
import { sizeSystems, type SizeStep } from "./size-scales.ts";

/**
 * The size scale routes (issue 32, docs/line-list-format.md "Size scales"). Every answer is in the
 * usual `{ success, message, data }` envelope.
 *
 *   GET /api/brands/{brandId}/size-scales              (catalogs.view)   the brand's scales, with
 *                                                      where each label its products use sits
 *   PUT /api/brands/{brandId}/size-scales/{scaleId}    (catalogs.manage) renames it, rearranges or
 *                                                      relabels its steps, orders its widths
 *                                                      (If-Match or expectedRevision; a history entry)
 */

export const sizeScaleLimits = {
  nameMax: 80,
  labelMax: 40,
  stepsMax: 500,
  widthsMax: 30,
  widthMax: 10,
} as const;

const label = z.string().trim().min(1).max(sizeScaleLimits.labelMax);

export const sizeStepSchema = z
  .object({
    /** The size's value (half sizes x.5; a letter size's place around M = 0; 0 for one size). */
    value: z.number().min(-20).max(100),
    labels: z.partialRecord(z.enum(sizeSystems), label),
    /** A label no size system reads, kept as written. */
    asWritten: label.optional(),
  })
  .strict() satisfies z.ZodType<SizeStep>;

export const sizeScaleParamsSchema = z.object({
  brandId: z.coerce.number().int().min(1).max(maxEntityId),
  scaleId: z.coerce.number().int().min(1).max(maxEntityId),
});

/** A label the brand's products use, and where it sits: the step's index and the width ("" for none). */
export const sizeScaleLabelSchema = z.object({
  label: z.string(),
  step: z.number().int().nullable(),
  width: z.string().nullable(),
});

export const sizeScaleSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  name: z.string(),
  systems: z.array(z.enum(sizeSystems)),
  /** Narrow to wide; "" marks where sizes without a width go (first when absent). */
  widths: z.array(z.string()),
  steps: z.array(sizeStepSchema),
  /** The labels the brand's products use in this scale, in scale order. */
  labels: z.array(sizeScaleLabelSchema),
  _revision: z.number().int(),
});
export type SizeScaleView = z.infer<typeof sizeScaleSchema>;

export const sizeScaleListSchema = z.object({
  scales: z.array(sizeScaleSchema),
  /** Labels products use that no scale places yet (placed when the next line list is saved). */
  unplaced: z.array(z.string()),
});
export type SizeScaleList = z.infer<typeof sizeScaleListSchema>;

export const sizeScaleUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(sizeScaleLimits.nameMax),
    steps: z.array(sizeStepSchema).min(1).max(sizeScaleLimits.stepsMax),
    widths: z
      .array(z.string().trim().max(sizeScaleLimits.widthMax))
      .max(sizeScaleLimits.widthsMax)
      .refine((widths) => new Set(widths).size === widths.length, { message: "Each width once" }),
    expectedRevision: z.number().int().min(1).optional(),
  })
  .strict();
export type SizeScaleUpdate = z.infer<typeof sizeScaleUpdateSchema>;

export const sizeScaleMessages = {
  notFound: "Size scale not found",
  saved: "Size scale saved",
  nameTaken: "This brand already has a size scale with this name",
  stepEmpty: "Give the size a label in at least one system",
  labelNotInSystem: (label: string, system: string) => `"${label}" is not a size of the ${system} system`,
  labelWithWidth: (label: string) => `"${label}" has a width: widths are their own list`,
  stepTwice: (label: string) => `${label} is in two steps`,
  stepsInUse: (labels: readonly string[]) =>
    `${labels.length === 1 ? "Size" : "Sizes"} ${labels.slice(0, 10).join(", ")}${labels.length > 10 ? ` and ${labels.length - 10} more` : ""} ${labels.length === 1 ? "is" : "are"} used by products: keep a step for ${labels.length === 1 ? "it" : "each"}`,
  widthsInUse: (widths: readonly string[]) =>
    `Widths ${widths.join(", ")} are used by products: keep them in the list`,
  historySummary: (name: string) => `Size scale "${name}" updated`,
} as const;
