/**
 * SPEC.md section 9: a store's segmentation for a brand (good by default), which catalogs'
 * audiences name too. Its own module, so screens that show an audience load no store schemas.
 */
export const segmentationValues = ["good", "better", "best"] as const;
export type Segmentation = (typeof segmentationValues)[number];
export const defaultSegmentation: Segmentation = "good";
export const segmentationLabels: Record<Segmentation, string> = {
  good: "Good",
  better: "Better",
  best: "Best",
};
