import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { describe, expect, it } from "vitest";
import {
  columnRole,
  initialMapping,
  setColumnRole,
  setFieldColumn,
  setLayout,
  setSizeLabel,
  withBlanksFilled,
} from "@/features/uploads/utils/mapping-edit";

const base: LineListMapping = {
  sheet: null,
  headerRow: 1,
  layout: "rows",
  fields: { model_code: "Style", sku: "UPC", size: "Size" },
  sizeColumns: [],
  attributes: [{ column: "Material", name: "Material" }],
  sizeLabels: {},
  decimalSeparator: null,
  season: null,
};

function inspection(overrides: Partial<InspectUploadData> = {}): InspectUploadData {
  return {
    kind: "xlsx",
    sheets: ["Line Sheet", "Notes"],
    sheet: "Line Sheet",
    seasonFromSheet: null,
    suggestedSeason: { season: "Spring", year: 2027 },
    headerRow: 3,
    headers: ["Style", "UPC", "Size", "Material"],
    rows: [],
    rowCount: 0,
    csv: null,
    status: "matches",
    savedMapping: base,
    mapping: base,
    columnChanges: { added: [], missing: [] },
    ...overrides,
  };
}

describe("the Map columns step's changes", () => {
  it("a column chosen for a field is no longer kept as an attribute", () => {
    const next = setFieldColumn(base, "silhouette", "Material");
    expect(next.fields.silhouette).toBe("Material");
    expect(next.attributes).toEqual([]);
    expect(columnRole(next, "Material")).toBe("field");
  });

  it("a column has one role: attribute, size column, image column or left out", () => {
    const sizes = setLayout(base, "size-columns", ["Style", "UPC", "Size", "7", "8½", "Material"]);
    expect(sizes.fields).toEqual({ model_code: "Style" });
    expect(sizes.sizeColumns).toEqual([
      { column: "7", size: "7" },
      { column: "8½", size: "8½" },
    ]);
    const image = setColumnRole(sizes, "7", "image");
    expect(image.sizeColumns).toEqual([{ column: "8½", size: "8½" }]);
    expect(image.fields.image_urls).toEqual(["7"]);
    expect(columnRole(image, "7")).toBe("field");
    expect(columnRole(setColumnRole(image, "Material", "omit"), "Material")).toBe("omit");
  });

  it("back to one row per SKU takes the guessed Size and SKU columns again", () => {
    const sizes = setLayout(base, "size-columns", ["Style", "UPC", "Size", "7"]);
    const rows = setLayout(sizes, "rows", ["Style", "UPC", "Size", "7"], base);
    expect(rows.fields).toEqual({ model_code: "Style", sku: "UPC", size: "Size" });
    expect(rows.sizeColumns).toEqual([]);
  });

  it("a blank answer takes a size label back; blank names and sizes are filled on confirming", () => {
    expect(setSizeLabel(setSizeLabel(base, "8+", "8.5"), "8+", " ").sizeLabels).toEqual({});
    const filled = withBlanksFilled({
      ...base,
      attributes: [{ column: "Material", name: " " }],
      sizeColumns: [{ column: "EU 42", size: "" }],
    });
    expect(filled.attributes).toEqual([{ column: "Material", name: "Material" }]);
    expect(filled.sizeColumns).toEqual([{ column: "EU 42", size: "EU 42" }]);
  });

  it("starts from the sheet and header row read, the first sheet as null, the suggested season", () => {
    expect(initialMapping(inspection())).toMatchObject({
      sheet: null,
      headerRow: 3,
      season: { season: "Spring", year: 2027 },
    });
    expect(initialMapping(inspection({ sheet: "Notes" })).sheet).toBe("Notes");
    expect(initialMapping(inspection({ seasonFromSheet: { season: "Fall", year: 2027 } })).season).toBeNull();
  });
});
