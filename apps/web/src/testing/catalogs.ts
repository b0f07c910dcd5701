import type { LineList } from "@cm/contracts/line-lists";

/** A saved Crocs line list, not yet sorted or published, for the catalog screens' tests. */
export function savedLineList(overrides: Partial<LineList> = {}): LineList {
  return {
    id: 3,
    name: "Fall 2027 Own Stock",
    description: null,
    type: "own-stock",
    brandId: 1,
    brandName: "Crocs",
    stage: "saved",
    season: "Fall",
    year: 2027,
    sentOn: "2027-01-04",
    dateSent: null,
    deadline: null,
    dateOfAvailability: null,
    published: 0,
    publishAt: null,
    sortingCompleted: 0,
    itemsCount: 5,
    createdAt: "2027-01-04T00:00:00.000Z",
    updatedAt: "2027-01-04T00:00:00.000Z",
    _revision: 1,
    ...overrides,
  };
}
