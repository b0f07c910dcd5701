import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { readMappedSheet } from "@cm/contracts/mapping-engine/read-mapped-sheet";
import type { ParseResult, SheetGrid } from "./line-list-parser.ts";

/**
 * The Crocs line list (DESIGN.md section 7; docs/line-list-format.md for users): the mapping
 * engine with the Crocs mapping. One row per SKU; rows sharing a Model Code form one style; the
 * season and year come from the sheet name. crocs-parser.test.ts holds the rules and messages.
 */
export function parseCrocsSheet(sheet: SheetGrid): ParseResult {
  const { unreadableSizes: _unreadable, ...result } = readMappedSheet(sheet, crocsMapping);
  return result;
}
