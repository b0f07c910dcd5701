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
 * plus every item of the line list once, in line list order. A write answers only where the
 * items it named are now; with the whole list in order, each place can be rebuilt from it in the
 * same order the server would list it.
 */
export interface SegmentationData extends PopulatedCatalogs {
  items: CatalogItem[];
}

/** Whether the item is in that place: a catalog it belongs to, or unsorted when it is in none. */
export function isPlacedIn(item: CatalogItem, place: ItemPlacement): boolean {
  return place === unsortedCatalogType ? item.catalogTypes.length === 0 : item.catalogTypes.includes(place);
}

/**
 * Every item once, in line list order, from the four places. Each place lists its items in line
 * list order, so the lists are merged by always taking a head that no list still holds behind
 * another item; the line list's own order satisfies every list, so such a head always exists.
 * Items of different places that no list relates (one only athletic, one only unsorted) cannot
 * be ordered for certain: between such heads, the one earlier in its lists relative to their
 * length goes first, which keeps places spread over the line list interleaved. Every place is
 * then listed exactly as the server listed it; only an item moved on this screen may land a
 * little off the server's position until the next load.
 */
export function lineListOrder(catalogs: readonly PopulatedCatalog[]): CatalogItem[] {
  const lists = catalogs.map((catalog) => catalog.items);
  const heads = lists.map(() => 0);
  const listed = new Map<string, { count: number; rank: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const entry = listed.get(item.id) ?? { count: 0, rank: 0 };
      // Where in the line list the item probably is, from 0 to 1, averaged over its places.
      entry.rank = (entry.rank * entry.count + (index + 0.5) / list.length) / (entry.count + 1);
      entry.count += 1;
      listed.set(item.id, entry);
    });
  }
  const emitted = new Set<string>();
  const ordered: CatalogItem[] = [];

  const skipEmitted = () => {
    lists.forEach((list, index) => {
      while (heads[index]! < list.length && emitted.has(list[heads[index]!]!.id)) heads[index]! += 1;
    });
  };

  skipEmitted();
  while (lists.some((list, index) => heads[index]! < list.length)) {
    const candidates = lists.flatMap((list, index) =>
      heads[index]! < list.length ? [list[heads[index]!]!] : [],
    );
    let next: CatalogItem | undefined;
    for (const candidate of candidates) {
      const free =
        candidates.filter((other) => other.id === candidate.id).length === listed.get(candidate.id)!.count;
      if (free && (!next || listed.get(candidate.id)!.rank < listed.get(next.id)!.rank)) next = candidate;
    }
    // Lists that contradict each other cannot happen with one line list order; take the first head anyway.
    next ??= candidates[0]!;
    emitted.add(next.id);
    ordered.push(next);
    skipEmitted();
  }
  return ordered;
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
