import { describe, expect, it } from "vitest";
import { planAdd, planCopy, planMove, planRemove } from "@/features/catalogs/utils/placement-plan";

const lineListId = 7;
const modelCodes = ["10001-001", "10008-001"];

describe("what a move, copy, removal or add sends and says", () => {
  it("a move from unsorted is an add to the target, with the from-unsorted toast", () => {
    const outcome = planMove({ lineListId, modelCodes, origin: "unsorted", target: "athletic" });
    expect(outcome).toEqual({
      ok: true,
      plan: {
        request: {
          operation: "add-items-to",
          input: { lineListId, modelCodes, originCatalogType: "unsorted", targetCatalogType: "athletic" },
        },
        count: 2,
        successMessage: "Items added successfully to Athletic Catalog from unsorted",
        failureMessage: "Failed to move items",
      },
    });
  });

  it("a move between catalogs names each item's origin and target", () => {
    const outcome = planMove({ lineListId, modelCodes, origin: "boutique", target: "crocs" });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.plan.request).toEqual({
      operation: "move-items",
      input: {
        lineListId,
        moveItems: modelCodes.map((modelCode) => ({
          modelCode,
          originCatalogType: "boutique",
          targetCatalogType: "crocs",
        })),
      },
    });
    expect(outcome.plan.successMessage).toBe("2 item(s) moved to Crocs Catalog");
    expect(outcome.plan.failureMessage).toBe("Failed to move items");
  });

  it("a move onto Unsorted takes the items out of their catalog", () => {
    const outcome = planMove({
      lineListId,
      modelCodes: ["10001-001"],
      origin: "athletic",
      target: "unsorted",
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.plan.request).toEqual({
      operation: "remove-items",
      input: { lineListId, modelCodes: ["10001-001"], catalogType: "athletic" },
    });
    expect(outcome.plan.successMessage).toBe("Items removed");
  });

  it("refuses a move to the same place or of nothing, with the spec's drop messages", () => {
    expect(planMove({ lineListId, modelCodes, origin: "crocs", target: "crocs" })).toEqual({
      ok: false,
      message: "Cannot move items to the same category",
    });
    expect(planMove({ lineListId, modelCodes: [], origin: "crocs", target: "athletic" })).toEqual({
      ok: false,
      message: "No items to move",
    });
  });

  it("a copy keeps the items where they are and says how many went where", () => {
    const outcome = planCopy({ lineListId, modelCodes, origin: "athletic", target: "boutique" });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.plan.request).toEqual({
      operation: "copy-items-to",
      input: { lineListId, modelCodes, originCatalogType: "athletic", targetCatalogType: "boutique" },
    });
    expect(outcome.plan.successMessage).toBe("2 item(s) copied to Boutique Catalog");
    expect(outcome.plan.failureMessage).toBe("Failed to copy items");
    expect(planCopy({ lineListId, modelCodes, origin: "boutique", target: "boutique" }).ok).toBe(false);
  });

  it("a removal is from a catalog only", () => {
    const outcome = planRemove({ lineListId, modelCodes, origin: "crocs" });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.plan.successMessage).toBe("Items removed");
    expect(outcome.plan.failureMessage).toBe("Failed to remove items");
    expect(planRemove({ lineListId, modelCodes, origin: "unsorted" }).ok).toBe(false);
  });

  it("an add names each item's origin; the toast says from unsorted only when all came from there", () => {
    const fromUnsorted = planAdd(lineListId, "athletic", [
      { modelCode: "10001-001", origin: "unsorted" },
      { modelCode: "10008-001", origin: "unsorted" },
    ]);
    if (!fromUnsorted.ok) throw new Error(fromUnsorted.message);
    expect(fromUnsorted.plan.successMessage).toBe(
      "Items added successfully to Athletic Catalog from unsorted",
    );

    const mixed = planAdd(lineListId, "athletic", [
      { modelCode: "10001-001", origin: "unsorted" },
      { modelCode: "10008-001", origin: "crocs" },
    ]);
    if (!mixed.ok) throw new Error(mixed.message);
    expect(mixed.plan.request).toEqual({
      operation: "add-items",
      input: {
        lineListId,
        addItems: [
          { modelCode: "10001-001", originCatalogType: "unsorted", targetCatalogType: "athletic" },
          { modelCode: "10008-001", originCatalogType: "crocs", targetCatalogType: "athletic" },
        ],
      },
    });
    expect(mixed.plan.successMessage).toBe("Items added to catalog Athletic");
    expect(mixed.plan.failureMessage).toBe(
      "Failed to add items to catalog, please check if the request was correct",
    );
  });
});
