import { describe, expect, it } from "vitest";
import { brandListProblem, currentBrandProblem } from "@/lib/brand-list";

const crocs = { id: 1, name: "Crocs" };

describe("brandListProblem", () => {
  it("says nothing while the list loads or once it has brands", () => {
    expect(brandListProblem({ isError: false, data: undefined })).toBeUndefined();
    expect(brandListProblem({ isError: false, data: [crocs] })).toBeUndefined();
  });

  it("says the list is not loaded when the call failed", () => {
    expect(brandListProblem({ isError: true, data: undefined })).toBe("Brand list is not loaded");
  });

  it("keeps a loaded list usable when a later refresh fails", () => {
    expect(brandListProblem({ isError: true, data: [crocs] })).toBeUndefined();
  });

  it("says the list is empty when the call answered no brand", () => {
    expect(brandListProblem({ isError: false, data: [] })).toBe("Brand list is empty");
  });
});

describe("currentBrandProblem", () => {
  it("finds the brand of the URL in the list", () => {
    expect(currentBrandProblem({ isError: false, data: [crocs] }, 1)).toBeUndefined();
  });

  it("waits for the list", () => {
    expect(currentBrandProblem({ isError: false, data: undefined }, 1)).toBeUndefined();
  });

  it("says the current brand is not set when the id names no brand, or is no id", () => {
    expect(currentBrandProblem({ isError: false, data: [crocs] }, 2)).toBe("Current brand is not set");
    expect(currentBrandProblem({ isError: false, data: undefined }, Number.NaN)).toBe(
      "Current brand is not set",
    );
    expect(currentBrandProblem({ isError: false, data: [crocs] }, 0)).toBe("Current brand is not set");
  });

  it("gives the list's own problem first", () => {
    expect(currentBrandProblem({ isError: true, data: undefined }, 1)).toBe("Brand list is not loaded");
    expect(currentBrandProblem({ isError: false, data: [] }, 1)).toBe("Brand list is empty");
  });
});
