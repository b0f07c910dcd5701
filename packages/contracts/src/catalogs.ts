import { z } from "zod";
import { entityIdSchema, expectedRevisionSchema } from "./envelope.ts";

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
 * `POST /api/crocs/catalogs/publish`: publishes the line list with this id, or without one the
 * current (latest) line list of the Crocs brand.
 */
export const publishCatalogInputSchema = z.object({
  lineListId: entityIdSchema.optional(),
  ...expectedRevisionSchema.shape,
});
export type PublishCatalogInput = z.infer<typeof publishCatalogInputSchema>;
