import type { CatalogItem, PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import type { CatalogType } from "@cm/contracts/catalogs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPlacementResult,
  countsOf,
  itemsIn,
  lineListOrder,
  toSegmentationData,
} from "@/features/catalogs/utils/segmentation-data";
import { savedLineList } from "@/testing/catalogs";

const lineList = savedLineList();

function item(id: string, catalogTypes: CatalogType[] = [], position = 0): CatalogItem {
  return {
    id,
    model_code: id,
    silhouette: "Clog",
    color: "Black",
    sizes: ["M4/W6"],
    image_url: null,
    position,
    catalogTypes,
  };
}

/** The server's answer for items in line list order: each place lists its items in that order. */
function populated(items: CatalogItem[]): PopulatedCatalogs {
  return {
    lineList,
    catalogs: (["unsorted", "athletic", "boutique", "crocs"] as const).map((type) => ({
      type,
      lineListId: lineList.id,
      items: items.filter((entry) =>
        type === "unsorted" ? entry.catalogTypes.length === 0 : entry.catalogTypes.includes(type),
      ),
    })),
  };
}

const ids = (items: readonly CatalogItem[]) => items.map((entry) => entry.id);

describe("the screen's copy of the populated catalogs", () => {
  const fresh = ["10001-001", "10008-001", "10015-001", "10022-001", "10029-001"].map((id, position) =>
    item(id, [], position),
  );

  it("lists every item once, in line list order", () => {
    const data = toSegmentationData(populated(fresh));
    expect(ids(data.items)).toEqual(ids(fresh));
    expect(ids(itemsIn(data, "unsorted"))).toEqual(ids(fresh));
    expect(countsOf(data)).toEqual({ unsorted: 5, athletic: 0, boutique: 0, crocs: 0 });
  });

  it("lists each place exactly as the server did, for any placement", () => {
    const placements = fc.array(fc.subarray(["athletic", "boutique", "crocs"] as CatalogType[]), {
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(
      fc.property(placements, (catalogTypes) => {
        const list = catalogTypes.map((types, index) => item(`m-${index}`, types, index));
        const server = populated(list);
        const data = toSegmentationData(server);
        expect(new Set(ids(data.items)).size).toBe(list.length);
        for (const catalog of server.catalogs)
          expect(ids(itemsIn(data, catalog.type))).toEqual(ids(catalog.items));
      }),
    );
  });

  it("orders the items of places no list relates by their position in the line list", () => {
    const spread = [
      item("a", ["athletic"], 0),
      item("b", [], 1),
      item("c", ["athletic", "crocs"], 2),
      item("d", [], 3),
      item("e", ["boutique"], 4),
    ];
    expect(ids(lineListOrder(populated(spread).catalogs))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("applies a confirmed move: the items take their new catalogs and each tab is rebuilt in line list order", () => {
    const data = toSegmentationData(populated(fresh));
    const next = applyPlacementResult(data, {
      lineListId: lineList.id,
      items: [
        { modelCode: "10022-001", catalogTypes: ["athletic"] },
        { modelCode: "10008-001", catalogTypes: ["athletic", "crocs"] },
      ],
      counts: { unsorted: 3, athletic: 2, boutique: 0, crocs: 1 },
    });
    expect(ids(itemsIn(next, "athletic"))).toEqual(["10008-001", "10022-001"]);
    expect(ids(itemsIn(next, "crocs"))).toEqual(["10008-001"]);
    expect(ids(itemsIn(next, "unsorted"))).toEqual(["10001-001", "10015-001", "10029-001"]);
    expect(countsOf(next)).toEqual({ unsorted: 3, athletic: 2, boutique: 0, crocs: 1 });
    // The cached data it came from is left as it was.
    expect(countsOf(data)).toEqual({ unsorted: 5, athletic: 0, boutique: 0, crocs: 0 });
  });

  it("applies a removal: an item in no catalog is unsorted again, in its place in the line list", () => {
    const moved = applyPlacementResult(toSegmentationData(populated(fresh)), {
      lineListId: lineList.id,
      items: [
        { modelCode: "10001-001", catalogTypes: ["boutique"] },
        { modelCode: "10015-001", catalogTypes: ["boutique", "crocs"] },
      ],
      counts: { unsorted: 3, athletic: 0, boutique: 2, crocs: 1 },
    });
    const next = applyPlacementResult(moved, {
      lineListId: lineList.id,
      items: [
        { modelCode: "10001-001", catalogTypes: [] },
        { modelCode: "10015-001", catalogTypes: ["crocs"] },
      ],
      counts: { unsorted: 4, athletic: 0, boutique: 0, crocs: 1 },
    });
    expect(ids(itemsIn(next, "unsorted"))).toEqual(["10001-001", "10008-001", "10022-001", "10029-001"]);
    expect(ids(itemsIn(next, "crocs"))).toEqual(["10015-001"]);
    expect(itemsIn(next, "boutique")).toEqual([]);
  });

  it("ignores an answer about another line list, and model codes it does not know", () => {
    const data = toSegmentationData(populated(fresh));
    const other = applyPlacementResult(data, {
      lineListId: 99,
      items: [{ modelCode: "10008-001", catalogTypes: ["crocs"] }],
      counts: { unsorted: 4, athletic: 0, boutique: 0, crocs: 1 },
    });
    expect(other).toBe(data);
    const unknown = applyPlacementResult(data, {
      lineListId: lineList.id,
      items: [{ modelCode: "99999-999", catalogTypes: ["crocs"] }],
      counts: { unsorted: 5, athletic: 0, boutique: 0, crocs: 1 },
    });
    expect(countsOf(unknown)).toEqual(countsOf(data));
  });
});
