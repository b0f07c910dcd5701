import type {
  CatalogCounts,
  CatalogItem,
  PlacementResult,
  PopulatedCatalog,
  PopulatedCatalogs,
} from "@cm/contracts/catalog-segmentation";
import { type ItemPlacement, itemPlacementValues, unsortedCatalogType } from "@cm/contracts/catalogs";

/**
 * The populated catalogs as the screen keeps them in the query cache: the server's four places,
 * plus every item of the line list once, in line list order (each item's `position`). A write
 * answers only where the items it named are now; with the whole list in order, each place is
 * rebuilt from it exactly as the server would list it.
 */
export interface SegmentationData extends PopulatedCatalogs {
  items: CatalogItem[];
}

/** Whether the item is in that place: a catalog it belongs to, or unsorted when it is in none. */
export function isPlacedIn(item: CatalogItem, place: ItemPlacement): boolean {
  return place === unsortedCatalogType ? item.catalogTypes.length === 0 : item.catalogTypes.includes(place);
}

/** Every item once, in line list order, from the four places. */
export function lineListOrder(catalogs: readonly PopulatedCatalog[]): CatalogItem[] {
  const byId = new Map<string, CatalogItem>();
  for (const catalog of catalogs) for (const item of catalog.items) byId.set(item.id, item);
  return [...byId.values()].sort((left, right) => left.position - right.position);
}

/** The four places, rebuilt from every item in line list order. */
export function placeItems(items: readonly CatalogItem[], lineListId: number): PopulatedCatalog[] {
  return itemPlacementValues.map((type) => ({
    type,
    lineListId,
    items: items.filter((item) => isPlacedIn(item, type)),
  }));
}

/** The server's answer, as the screen keeps it. */
export function toSegmentationData(populated: PopulatedCatalogs): SegmentationData {
  const items = lineListOrder(populated.catalogs);
  return { ...populated, catalogs: placeItems(items, populated.lineList.id), items };
}

export function itemsIn(data: SegmentationData, place: ItemPlacement): CatalogItem[] {
  return data.catalogs.find((catalog) => catalog.type === place)?.items ?? [];
}

export function countsOf(data: SegmentationData): CatalogCounts {
  return {
    unsorted: itemsIn(data, "unsorted").length,
    athletic: itemsIn(data, "athletic").length,
    boutique: itemsIn(data, "boutique").length,
    crocs: itemsIn(data, "crocs").length,
  };
}

export function sameCounts(left: CatalogCounts, right: CatalogCounts): boolean {
  return itemPlacementValues.every((place) => left[place] === right[place]);
}

/**
 * The screen's data after a write the server confirmed: the items it named take the catalogs it
 * says they are in now, and every place is rebuilt. Items the screen does not know are ignored
 * (the counts then differ from the server's, which tells the caller to reload).
 */
export function applyPlacementResult(data: SegmentationData, result: PlacementResult): SegmentationData {
  if (result.lineListId !== data.lineList.id || result.items.length === 0) return data;
  const placed = new Map(result.items.map((item) => [item.modelCode, item.catalogTypes]));
  const items = data.items.map((item) => {
    const catalogTypes = placed.get(item.id);
    return catalogTypes ? { ...item, catalogTypes } : item;
  });
  return { ...data, items, catalogs: placeItems(items, data.lineList.id) };
}
