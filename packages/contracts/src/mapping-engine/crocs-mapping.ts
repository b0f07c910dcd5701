import type { LineListMapping } from "../line-list-mapping.ts";
import { lineListHeaders } from "../line-list-workbook.ts";

/**
 * The Crocs line list (DESIGN.md section 7, docs/line-list-format.md) as a mapping of the engine:
 * the template's headers in row 1, one row per SKU, the season from the sheet name. Its four
 * attributes are the style's comfort level, height range, wear occasion and target fit.
 */
export const crocsMapping: LineListMapping = {
  sheet: null,
  headerRow: 1,
  layout: "rows",
  fields: {
    franchise: lineListHeaders.franchise,
    silhouette: lineListHeaders.silhouette,
    model_code: lineListHeaders.model_code,
    color: lineListHeaders.color,
    gender: lineListHeaders.gender,
    msrp: lineListHeaders.msrp,
    expected_shipped_date: lineListHeaders.expected_shipped_date,
    image_urls: [lineListHeaders.image_urls],
    size: lineListHeaders.size,
    sku: lineListHeaders.sku,
  },
  sizeColumns: [],
  attributes: [
    { column: lineListHeaders.comfort_level, name: lineListHeaders.comfort_level },
    { column: lineListHeaders.height_range, name: lineListHeaders.height_range },
    { column: lineListHeaders.wear_occasion, name: lineListHeaders.wear_occasion },
    { column: lineListHeaders.target_fit, name: lineListHeaders.target_fit },
  ],
  sizeLabels: {},
  decimalSeparator: null,
  season: null,
};
