import type { PlacementResult, PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { genericMessages } from "@cm/contracts/messages";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type * as React from "react";
import { describe, expect, it } from "vitest";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import { usePlaceItems } from "@/features/catalogs/api/place-items";
import type { PlacementRequest } from "@/features/catalogs/utils/placement-plan";
import { type SegmentationData, toSegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { createQueryClient } from "@/lib/react-query";
import { savedLineList } from "@/testing/catalogs";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";

const lineList = savedLineList({ _revision: 5 });
const item = (code: string, position: number) => ({
  id: code,
  model_code: code,
  silhouette: "Clog",
  color: "Black",
  sizes: ["M4/W6"],
  image_url: null,
  position,
  catalogTypes: [],
});
const populated: PopulatedCatalogs = {
  lineList,
  catalogs: [
    { type: "unsorted", lineListId: lineList.id, items: [item("10001-001", 0), item("10008-001", 1)] },
    { type: "athletic", lineListId: lineList.id, items: [] },
    { type: "boutique", lineListId: lineList.id, items: [] },
    { type: "crocs", lineListId: lineList.id, items: [] },
  ],
};

const addTo = (modelCode: string): PlacementRequest => ({
  operation: "add-items-to",
  input: {
    lineListId: lineList.id,
    modelCodes: [modelCode],
    originCatalogType: "unsorted",
    targetCatalogType: "athletic",
  },
});

/** The hook over a cache holding the segmentation screen's data, as the screen has it. */
function renderPlaceItems() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(catalogKeys.detail(lineList.id), toSegmentationData(populated));
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => usePlaceItems(), { wrapper }), queryClient };
}

const cached = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient.getQueryData<SegmentationData>(catalogKeys.detail(lineList.id))!;

describe("usePlaceItems", () => {
  it("sends the line list's revision, one write at a time, each with the revision the last one answered", async () => {
    let revision = lineList._revision;
    const answer = (modelCode: string): MockResponse => {
      const data: PlacementResult = {
        lineListId: lineList.id,
        items: [{ modelCode, catalogTypes: ["athletic"] }],
        counts: { unsorted: 1, athletic: 1, boutique: 0, crocs: 0 },
      };
      revision += 1;
      return {
        status: 200,
        body: { success: true, message: "OK", data, nextExpectedStreamVersion: revision },
      };
    };
    let call = 0;
    const fetchMock = mockFetch({
      "/api/crocs/catalogs/add-items-to": () => answer(["10001-001", "10008-001"][call++]!),
    });
    const { result, queryClient } = renderPlaceItems();

    // Two drops before the first answer.
    const first = result.current.mutateAsync(addTo("10001-001"));
    const second = result.current.mutateAsync(addTo("10008-001"));
    await Promise.all([first, second]);

    const calls = fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
    const sent = calls.map(([, init]) => new Headers(init?.headers).get("If-Match"));
    expect(sent).toEqual(['"5"', '"6"']);
    expect(cached(queryClient).lineList._revision).toBe(7);
    expect(cached(queryClient).catalogs[1]!.items.map((placed) => placed.id)).toEqual([
      "10001-001",
      "10008-001",
    ]);
  });

  it("after a 409 marks the screen's data for reloading and leaves it as it was", async () => {
    mockFetch({
      "/api/crocs/catalogs/add-items-to": {
        status: 409,
        body: { success: false, message: genericMessages.staleRevision, data: null },
      },
    });
    const { result, queryClient } = renderPlaceItems();
    await expect(result.current.mutateAsync(addTo("10001-001"))).rejects.toMatchObject({
      status: 409,
      message: genericMessages.staleRevision,
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(catalogKeys.detail(lineList.id))?.isInvalidated).toBe(true),
    );
    expect(cached(queryClient).lineList._revision).toBe(5);
    expect(cached(queryClient).catalogs[0]!.items).toHaveLength(2);
  });
});
