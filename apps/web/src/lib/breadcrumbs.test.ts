import { describe, expect, it } from "vitest";
import { crumbsFromPath, titleCase } from "@/lib/breadcrumbs";

describe("titleCase", () => {
  it("capitalises each dash-separated word", () => {
    expect(titleCase("create-customer")).toBe("Create Customer");
    expect(titleCase("brands")).toBe("Brands");
    expect(titleCase("open%20stock")).toBe("Open Stock");
  });
});

describe("crumbsFromPath", () => {
  it("gives one crumb per segment linking to the path up to it", () => {
    expect(crumbsFromPath("/home/organizations/create-customer")).toEqual([
      { label: "Home", to: "/home" },
      { label: "Organizations", to: "/home/organizations" },
      { label: "Create Customer", to: "/home/organizations/create-customer" },
    ]);
  });

  it("ignores a trailing slash", () => {
    expect(crumbsFromPath("/home/")).toEqual([{ label: "Home", to: "/home" }]);
  });
});
