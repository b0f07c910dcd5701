import type { CatalogItem } from "@cm/contracts/catalog-segmentation";
import { anyContains } from "@/hooks/use-list-search";

/** What a card says about an item, in one line: model code, silhouette and color. */
export function itemName(item: CatalogItem): string {
  return [item.model_code, item.silhouette, item.color].filter(Boolean).join(", ");
}

/** The sizes in a few characters: their count and the first and last, e.g. "8 sizes · M4/W6–M11/W13". */
export function sizesSummary(sizes: readonly string[]): string {
  if (sizes.length === 0) return "No sizes";
  if (sizes.length === 1) return `1 size · ${sizes[0]}`;
  return `${sizes.length} sizes · ${sizes[0]}–${sizes.at(-1)}`;
}

/** The add-items search: the id (model code) or the title (silhouette and color), any case. */
export function matchesItemSearch(item: CatalogItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    !needle ||
    anyContains(needle, item.model_code, item.silhouette, item.color, `${item.silhouette} ${item.color}`)
  );
}
