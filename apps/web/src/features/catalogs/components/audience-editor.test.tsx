import type { PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { itemPlacementValues } from "@cm/contracts/catalogs";
import type { CatalogSummary } from "@cm/contracts/line-lists";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

const firstRender = { timeout: 20_000 };
type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

const lineList = savedLineList({ published: 1, sortingCompleted: 1 });

function audienceApi() {
  let catalogs: CatalogSummary[] = [
    { type: "athletic", itemsCount: 2, audience: ["good", "better", "best"] },
    { type: "crocs", itemsCount: 1, audience: ["best"] },
  ];
  const populated: PopulatedCatalogs = {
    lineList,
    catalogs: itemPlacementValues.map((type) => ({ type, lineListId: lineList.id, items: [] })),
  };
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const put = (type: string) => () => {
    const { audience } = JSON.parse(String(calls().at(-1)![1]?.body)) as {
      audience: CatalogSummary["audience"];
    };
    const catalog = {
      type,
      itemsCount: 0,
      ...catalogs.find((c) => c.type === type),
      audience,
    } as CatalogSummary;
    catalogs = [...catalogs.filter((c) => c.type !== type), catalog];
    return {
      status: 200,
      body: { ...(ok(catalog).body as object), nextExpectedStreamVersion: 2, createdNewStream: false },
    };
  };
  const fetchMock = mockFetch({
    [`/api/crocs/catalogs/populated/${lineList.id}`]: () => ok(populated),
    [`/api/line-lists/${lineList.id}/catalogs`]: () => ok({ catalogs }),
    [`/api/line-lists/${lineList.id}/catalogs/crocs/audience`]: put("crocs"),
    [`/api/line-lists/${lineList.id}/catalogs/boutique/audience`]: put("boutique"),
  });
  return { putCalls: () => calls().filter(([input]) => String(input).endsWith("/audience")) };
}

beforeEach(() => seedSession());

describe("the Manage screen's audience editor", { timeout: 30_000 }, () => {
  it("shows each catalog's audience and saves a change to one of them", async () => {
    const api = audienceApi();
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await user.click(await screen.findByRole("button", { name: "Audience" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Catalog audiences" });

    const crocs = await within(dialog).findByRole("group", { name: "Crocs Catalog" });
    expect(within(crocs).getByRole("checkbox", { name: "Best" })).toBeChecked();
    expect(within(crocs).getByRole("checkbox", { name: "Good" })).not.toBeChecked();
    // A catalog not created yet starts with all three.
    const boutique = within(dialog).getByRole("group", { name: "Boutique Catalog" });
    for (const name of ["Good", "Better", "Best"]) {
      expect(within(boutique).getByRole("checkbox", { name })).toBeChecked();
    }

    const saveCrocs = within(dialog).getByRole("button", { name: "Save the audience of Crocs Catalog" });
    expect(saveCrocs).toBeDisabled();
    await user.click(within(crocs).getByRole("checkbox", { name: "Best" }));
    expect(crocs).toHaveTextContent("Choose at least one segmentation");
    expect(saveCrocs).toBeDisabled();
    await user.click(within(crocs).getByRole("checkbox", { name: "Better" }));
    await user.click(saveCrocs);

    expect(await screen.findByText("Audience saved")).toBeInTheDocument();
    expect(screen.getByText("Crocs Catalog: Better only")).toBeInTheDocument();
    expect(api.putCalls()).toHaveLength(1);
    expect(api.putCalls()[0]![1]?.method).toBe("PUT");
    expect(JSON.parse(String(api.putCalls()[0]![1]?.body))).toEqual({ audience: ["better"] });
    expect(saveCrocs).toBeDisabled();
  });
});
