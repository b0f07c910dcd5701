import { z } from "zod";
import { entityIdSchema, expectedRevisionSchema } from "./envelope.ts";
import { segmentationLabels, segmentationValues, type Segmentation } from "./segmentation.ts";

/** SPEC.md sections 3, 4 and 8: catalogs of a line list and their publication. */

/** A line list's catalogs, one per type. */
export const catalogTypeValues = ["athletic", "boutique", "crocs"] as const;
export const catalogTypeSchema = z.enum(catalogTypeValues);
export type CatalogType = z.infer<typeof catalogTypeSchema>;

/** Where an item of a line list can be: one of the catalogs, or unsorted when it is in none. */
export const unsortedCatalogType = "unsorted";
export const itemPlacementValues = [unsortedCatalogType, ...catalogTypeValues] as const;
export type ItemPlacement = (typeof itemPlacementValues)[number];

export const catalogTypeLabels: Record<ItemPlacement, string> = {
  unsorted: "Unsorted",
  athletic: "Athletic",
  boutique: "Boutique",
  crocs: "Crocs",
};

export const catalogMessages = {
  noLineListFound: "No line list found",
  // The catalogs page with no saved line list at all.
  noLineListAtTheMoment: "No line list found at the moment.",
  publishConfirm: "Are you sure you want to publish this catalog? This action is irreversible.",
  published: "Catalog published successfully",
  publishFailed: "Failed to publish catalog",
  sortingPending: "Sorting Pending",
} as const;

/**
 * A catalog's audience (issue 34, docs/portal.md "Who sees what"): the segmentations (good, better,
 * best) a store's segmentation for the line list's brand must be among to see the catalog. Never
 * empty; all three by default; stored and answered in the order good, better, best.
 */
export const defaultCatalogAudience: readonly Segmentation[] = segmentationValues;
export const catalogAudienceMessages = {
  audienceRequired: "Choose at least one segmentation",
  audienceSaved: "Audience saved",
  publishAtPast: "The publication time must be in the future",
  scheduled: (when: string) => `Publishes on ${when}`,
  scheduledToast: "Publication scheduled",
  scheduleCancelled: "Scheduled publication cancelled",
  noSchedule: "The line list has no scheduled publication",
  alreadyPublished: "The line list is already published",
} as const;
export const catalogAudienceSchema = z
  .array(z.enum(segmentationValues), catalogAudienceMessages.audienceRequired)
  .min(1, catalogAudienceMessages.audienceRequired)
  .max(segmentationValues.length)
  .transform((audience) => segmentationValues.filter((value) => audience.includes(value)));
export type CatalogAudience = Segmentation[];
/** "Good, Better, Best" / "Best only", as the catalogs screens name an audience. */
export function catalogAudienceLabel(audience: readonly Segmentation[]): string {
  if (audience.length === 1) return `${segmentationLabels[audience[0]!]} only`;
  return segmentationValues
    .filter((value) => audience.includes(value))
    .map((value) => segmentationLabels[value])
    .join(", ");
}

/**
 * `POST /api/crocs/catalogs/publish`: publishes the line list with this id, or without one the
 * current (latest) line list of the Crocs brand. `audiences` sets the audience of the catalogs
 * named (the others keep theirs); `publishAt` (a future time) schedules the publication instead
 * of publishing now: the line list shows "Publishes on …" until then (`publishAt` on the line list).
 */
export const publishCatalogInputSchema = z.object({
  lineListId: entityIdSchema.optional(),
  audiences: z.partialRecord(catalogTypeSchema, catalogAudienceSchema).optional(),
  publishAt: z.iso.datetime({ offset: true }).optional(),
  ...expectedRevisionSchema.shape,
});

/** `PUT /api/line-lists/{lineListId}/catalogs/{type}/audience`: changes one catalog's audience (with history). */
export const catalogAudienceInputSchema = z.object({
  audience: catalogAudienceSchema,
  ...expectedRevisionSchema.shape,
});
export type CatalogAudienceInput = z.infer<typeof catalogAudienceInputSchema>;
export type PublishCatalogInput = z.infer<typeof publishCatalogInputSchema>;
