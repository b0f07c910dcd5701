import {
  catalogTabLabels,
  segmentationLimits,
  segmentationMessages,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { catalogMessages } from "@cm/contracts/catalogs";
import { genericMessages } from "@cm/contracts/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryAction } from "@cm/contracts/history";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands, catalogs, lineLists } from "../../db/schema.ts";
import { modelCode, segmentationKit, type SegmentationKit } from "./segmentation-test-kit.ts";

const base = "/api/crocs/catalogs";

describe("catalog segmentation API", () => {
  let testApp: TestApp;
  let kit: SegmentationKit;
  let counter = 0;
  /** A fresh saved line list of `items` items (named `s{n}-0001`...), optionally placed. */
  const fresh = async (
    items = 6,
    catalogsOf?: (
      code: (index: number) => string,
    ) => Parameters<SegmentationKit["newLineList"]>[0]["catalogs"],
  ) => {
    const name = `s${++counter}`;
    const lineList = await kit.newLineList({
      name,
      items,
      catalogs: catalogsOf?.((index) => modelCode(name, index)),
    });
    return { id: lineList.id, code: (index: number) => modelCode(name, index), name };
  };
  const post = (path: string, body: unknown) => kit.request("POST", `${base}/${path}`, body);
  const remove = (body: unknown) => kit.request("DELETE", `${base}/remove-items`, body);
  const lineListEvents = async (lineListId: number, action: HistoryAction) =>
    (await historyOf(testApp, "line-list", lineListId)).filter((entry) => entry.action === action);
  const catalogRevisions = async (lineListId: number): Promise<Record<string, number>> =>
    Object.fromEntries(
      (
        await testApp.database.db
          .select({ type: catalogs.type, revision: catalogs.revision })
          .from(catalogs)
          .where(eq(catalogs.lineListId, lineListId))
      ).map((row) => [row.type, row.revision]),
    );

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await segmentationKit(testApp, await signIn(testApp));
  });
  afterAll(() => testApp?.close());

  describe("GET /api/crocs/catalogs/populated/{lineListId}", () => {
    it("answers the line list and its four places in order, items in the line list's order", async () => {
      const { id, code, name } = await fresh(5, (c) => ({
        athletic: [c(1), c(3)],
        boutique: [c(3)],
        crocs: [c(4)],
      }));
      const data = await kit.populated(id);
      expect(data.lineList).toMatchObject({ id, name, itemsCount: 5, published: 0, sortingCompleted: 0 });
      expect(data.catalogs.map((catalog) => catalog.type)).toEqual([
        "unsorted",
        "athletic",
        "boutique",
        "crocs",
      ]);
      expect(data.catalogs.every((catalog) => catalog.lineListId === id)).toBe(true);
      const codes = data.catalogs.map((catalog) => catalog.items.map((item) => item.id));
      expect(codes).toEqual([[code(0), code(2)], [code(1), code(3)], [code(3)], [code(4)]]);

      const [unsorted, athletic] = data.catalogs;
      // No pictures: the placeholder (null). Sizes in the brand's size scale order (men's 8 before
      // 10), not as the line list wrote them (M10, M8) nor as text.
      expect(unsorted!.items[0]).toEqual({
        id: code(0),
        model_code: code(0),
        silhouette: "Silhouette 1",
        color: "Black",
        sizes: ["M8", "M10"],
        image_url: null,
        position: 0,
        catalogTypes: [],
      });
      expect(athletic!.items[0]).toEqual({
        id: code(1),
        model_code: code(1),
        silhouette: "Silhouette 2",
        color: null,
        sizes: ["M8", "M10"],
        image_url: `https://img.example/${name}/1-a.jpg`,
        position: 1,
        catalogTypes: ["athletic"],
      });
      // An item in two catalogs is listed in both, with both types.
      expect(data.catalogs[2]!.items[0]!.catalogTypes).toEqual(["athletic", "boutique"]);
    });

    it("answers four empty places for a line list without catalogs or items", async () => {
      const { id } = await fresh(0);
      const data = await kit.populated(id);
      expect(data.catalogs.map((catalog) => catalog.items.length)).toEqual([0, 0, 0, 0]);
    });

    it('answers 404 "No line list found" for an unknown line list or a preview', async () => {
      const preview = await kit.newLineList({ name: "populated-preview", stage: "preview" });
      for (const lineListId of [987_654, preview.id]) {
        const response = await kit.request("GET", `${base}/populated/${lineListId}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          message: catalogMessages.noLineListFound,
          data: null,
        });
      }
    });

    it("refuses a malformed id as wrong input and needs a signed-in user", async () => {
      for (const bad of ["abc", "0", "-3", "1.5"]) {
        const response = await kit.request("GET", `${base}/populated/${bad}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().message).toBe(genericMessages.wrongInput);
      }
      const { id } = await fresh(1);
      expect(
        (await kit.request("GET", `${base}/populated/${id}`, undefined, { anonymous: true })).statusCode,
      ).toBe(401);
    });
  });

  describe("GET /api/crocs/catalogs/latest", () => {
    it("answers the newest saved line list of the Crocs brand", async () => {
      const [pandora] = await testApp.database.db.select().from(brands).where(eq(brands.name, "Pandora"));
      const latest = await fresh(2, (c) => ({ crocs: [c(0)] }));
      // Newer, but of another brand or still a preview: not the current Crocs line list.
      await kit.newLineList({ name: "latest-other-brand", brandId: pandora!.id });
      await kit.newLineList({ name: "latest-preview", stage: "preview" });

      const response = await kit.request("GET", `${base}/latest`);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.lineList.id).toBe(latest.id);
      expect(data.catalogs[3].items.map((item: { id: string }) => item.id)).toEqual([latest.code(0)]);
    });

    it("needs a signed-in user", async () => {
      expect((await kit.request("GET", `${base}/latest`, undefined, { anonymous: true })).statusCode).toBe(
        401,
      );
    });
  });

  describe("POST /api/crocs/catalogs/create", () => {
    it("creates the three catalogs once; again changes nothing", async () => {
      const { id } = await fresh(3);
      const first = await post("create", { lineListId: id });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        message: segmentationMessages.catalogsReady,
        data: {
          lineListId: id,
          created: ["athletic", "boutique", "crocs"],
          counts: { unsorted: 3, athletic: 0, boutique: 0, crocs: 0 },
        },
        // The line list's revision: empty catalogs place no item, so it stays.
        nextExpectedStreamVersion: 1,
        createdNewStream: true,
      });
      const second = await post("create", { lineListId: id });
      expect(second.json()).toMatchObject({
        data: { created: [] },
        nextExpectedStreamVersion: 1,
        createdNewStream: false,
      });
      expect(await catalogRevisions(id)).toEqual({ athletic: 1, boutique: 1, crocs: 1 });
      const [athletic] = await testApp.database.db
        .select()
        .from(catalogs)
        .where(and(eq(catalogs.lineListId, id), eq(catalogs.type, "athletic")));
      expect(await historyOf(testApp, "catalog", athletic!.id)).toEqual([
        expect.objectContaining({
          action: "create",
          entityLabel: expect.stringMatching(/^Athletic Catalog of Crocs /),
          changes: [
            { field: "type", before: null, after: "athletic" },
            { field: "lineListId", before: null, after: id },
          ],
        }),
      ]);
    });

    it("creates none for a line list that has them, and makes each once when asked twice at once", async () => {
      const placed = await fresh(2, (c) => ({ boutique: [c(0)] }));
      expect((await post("create", { lineListId: placed.id })).json().data).toEqual({
        lineListId: placed.id,
        created: [],
        counts: { unsorted: 1, athletic: 0, boutique: 1, crocs: 0 },
      });

      const { id } = await fresh(2);
      const answers = await Promise.all([
        post("create", { lineListId: id }),
        post("create", { lineListId: id }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers.flatMap((answer) => answer.json().data.created).sort()).toEqual([
        "athletic",
        "boutique",
        "crocs",
      ]);
      expect(Object.keys(await catalogRevisions(id)).sort()).toEqual(["athletic", "boutique", "crocs"]);
    });

    it('answers 404 "Catalog or line list not found", 400 for bad input and 401 without a token', async () => {
      const preview = await kit.newLineList({ name: "create-preview", stage: "preview" });
      for (const lineListId of [987_654, preview.id]) {
        const response = await post("create", { lineListId });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(segmentationMessages.catalogOrLineListNotFound);
      }
      expect((await post("create", { lineListId: "x" })).statusCode).toBe(400);
      expect((await post("create", {})).statusCode).toBe(400);
      expect(
        (await kit.request("POST", `${base}/create`, { lineListId: 1 }, { anonymous: true })).statusCode,
      ).toBe(401);
    });
  });

  describe("placements", () => {
    it("add-items from unsorted puts items in the target; the same request again changes nothing", async () => {
      const { id, code } = await fresh(4);
      const body = {
        lineListId: id,
        addItems: [
          { modelCode: code(0), originCatalogType: "unsorted", targetCatalogType: "athletic" },
          { modelCode: code(1), originCatalogType: "unsorted", targetCatalogType: "athletic" },
        ],
      };
      const first = await post("add-items", body);
      expect(first.statusCode).toBe(200);
      const expected = {
        success: true,
        message: segmentationMessages.itemsAddedFromUnsorted(catalogTabLabels.athletic),
        data: {
          lineListId: id,
          items: [
            { modelCode: code(0), catalogTypes: ["athletic"] },
            { modelCode: code(1), catalogTypes: ["athletic"] },
          ],
          counts: { unsorted: 2, athletic: 2, boutique: 0, crocs: 0 },
        },
        // The line list's revision: 1 when made, 2 once items are placed in its catalogs.
        nextExpectedStreamVersion: 2,
        createdNewStream: true,
      };
      expect(first.json()).toEqual(expected);
      const state = await kit.placements(id);

      const again = await post("add-items", body);
      expect(again.json()).toEqual({ ...expected, createdNewStream: false });
      expect(await kit.placements(id)).toEqual(state);
      expect(await catalogRevisions(id)).toEqual({ athletic: 2, boutique: 1, crocs: 1 });
      // Recorded once, as a move of the line list: the second request changed nothing.
      expect(await lineListEvents(id, "move")).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: kit.adminId }),
          summary: "2 item(s) added to Athletic Catalog",
          changes: [
            { field: "counts.unsorted", before: 4, after: 2 },
            { field: "counts.athletic", before: 0, after: 2 },
          ],
        }),
      ]);
    });

    it("add-items from another catalog keeps the item where it was", async () => {
      const { id, code } = await fresh(3, (c) => ({ athletic: [c(0)] }));
      const response = await post("add-items", {
        lineListId: id,
        addItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "crocs" }],
      });
      expect(response.json().message).toBe(segmentationMessages.itemsAddedToCatalog("crocs"));
      expect((await kit.placements(id)).get(code(0))).toEqual(["athletic", "crocs"]);
    });

    it("add-items-to and copy-items-to place many items from one origin into one target", async () => {
      const { id, code } = await fresh(4, (c) => ({ boutique: [c(2), c(3)] }));
      const added = await post("add-items-to", {
        lineListId: id,
        modelCodes: [code(0), code(1)],
        originCatalogType: "unsorted",
        targetCatalogType: "crocs",
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().message).toBe(segmentationMessages.itemsAddedFromUnsorted(catalogTabLabels.crocs));
      const copied = await post("copy-items-to", {
        lineListId: id,
        modelCodes: [code(2), code(3)],
        originCatalogType: "boutique",
        targetCatalogType: "athletic",
      });
      expect(copied.json().message).toBe(segmentationMessages.itemsCopied(2, catalogTabLabels.athletic));
      expect(copied.json().data.counts).toEqual({ unsorted: 0, athletic: 2, boutique: 2, crocs: 2 });
      expect(Object.fromEntries(await kit.placements(id))).toEqual({
        [code(0)]: ["crocs"],
        [code(1)]: ["crocs"],
        [code(2)]: ["athletic", "boutique"],
        [code(3)]: ["athletic", "boutique"],
      });
    });

    it("copy-items keeps the item in its origin and adds it to the target", async () => {
      const { id, code } = await fresh(2, (c) => ({ athletic: [c(0), c(1)] }));
      const response = await post("copy-items", {
        lineListId: id,
        copyItems: [
          { modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" },
          { modelCode: code(1), originCatalogType: "athletic", targetCatalogType: "crocs" },
        ],
      });
      expect(response.json().message).toBe(
        segmentationMessages.itemsCopied(2, `${catalogTabLabels.boutique} and ${catalogTabLabels.crocs}`),
      );
      expect(Object.fromEntries(await kit.placements(id))).toEqual({
        [code(0)]: ["athletic", "boutique"],
        [code(1)]: ["athletic", "crocs"],
      });
    });

    it("move-items takes items out of their origin; from unsorted it is an add; a swap works in one request", async () => {
      const { id, code } = await fresh(4, (c) => ({
        athletic: [c(0)],
        boutique: [c(1), c(2)],
        crocs: [c(2)],
      }));
      const response = await post("move-items", {
        lineListId: id,
        moveItems: [
          { modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" },
          { modelCode: code(1), originCatalogType: "boutique", targetCatalogType: "athletic" },
          { modelCode: code(2), originCatalogType: "boutique", targetCatalogType: "athletic" },
          { modelCode: code(3), originCatalogType: "unsorted", targetCatalogType: "athletic" },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        segmentationMessages.itemsMoved(4, `${catalogTabLabels.athletic} and ${catalogTabLabels.boutique}`),
      );
      expect(Object.fromEntries(await kit.placements(id))).toEqual({
        [code(0)]: ["boutique"],
        [code(1)]: ["athletic"],
        // It stays in crocs: only its origin loses it.
        [code(2)]: ["athletic", "crocs"],
        [code(3)]: ["athletic"],
      });
      expect(response.json().data.counts).toEqual({ unsorted: 0, athletic: 3, boutique: 1, crocs: 1 });
    });

    it("refuses moving items no longer in their origin; twice gives the same state", async () => {
      const { id, code } = await fresh(2, (c) => ({ athletic: [c(0), c(1)] }));
      const body = {
        lineListId: id,
        moveItems: [code(0), code(1)].map((modelCode) => ({
          modelCode,
          originCatalogType: "athletic",
          targetCatalogType: "crocs",
        })),
      };
      const first = await post("move-items", body);
      const revisions = await catalogRevisions(id);
      const second = await post("move-items", body);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        success: false,
        message: segmentationMessages.itemsLeftOrigin,
        data: {
          modelCodes: [code(0), code(1)].map((c) => segmentationMessages.itemLeftOrigin(c, "athletic")),
        },
      });
      expect(first.json().message).toBe(segmentationMessages.itemsMoved(2, catalogTabLabels.crocs));
      expect(await catalogRevisions(id)).toEqual(revisions);
      expect(Object.fromEntries(await kit.placements(id))).toEqual({
        [code(0)]: ["crocs"],
        [code(1)]: ["crocs"],
      });
      expect(await lineListEvents(id, "move")).toEqual([
        expect.objectContaining({ summary: segmentationMessages.itemsMoved(2, catalogTabLabels.crocs) }),
      ]);
    });

    it("remove-items returns items in no other catalog to unsorted and keeps the others", async () => {
      const { id, code } = await fresh(3, (c) => ({ athletic: [c(0), c(1)], crocs: [c(1)] }));
      const body = { lineListId: id, modelCodes: [code(0), code(1), code(2)], catalogType: "athletic" };
      const response = await remove(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: segmentationMessages.itemsRemoved,
        data: {
          items: [
            { modelCode: code(0), catalogTypes: [] },
            { modelCode: code(1), catalogTypes: ["crocs"] },
            { modelCode: code(2), catalogTypes: [] },
          ],
          counts: { unsorted: 2, athletic: 0, boutique: 0, crocs: 1 },
        },
      });
      const data = await kit.populated(id);
      expect(data.catalogs[0]!.items.map((item) => item.id)).toEqual([code(0), code(2)]);
      expect((await remove(body)).json().data).toEqual(response.json().data);
      expect(await lineListEvents(id, "move")).toEqual([
        expect.objectContaining({
          summary: "3 item(s) removed from Athletic Catalog",
          changes: [
            { field: "counts.unsorted", before: 1, after: 2 },
            { field: "counts.athletic", before: 2, after: 0 },
          ],
        }),
      ]);
    });

    it("bumps the revision of the line list and of the catalogs whose items changed, and only theirs", async () => {
      const { id, code } = await fresh(2, (c) => ({ athletic: [c(0)] }));
      const before = (await catalogRevisions(id)) as Record<"athletic" | "boutique" | "crocs", number>;
      const lineListRevision = (await kit.populated(id)).lineList._revision;
      const response = await post("move-items", {
        lineListId: id,
        moveItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" }],
      });
      expect(await catalogRevisions(id)).toEqual({
        athletic: before.athletic + 1,
        boutique: before.boutique + 1,
        crocs: before.crocs,
      });
      expect(response.json().nextExpectedStreamVersion).toBe(lineListRevision + 1);
      expect((await kit.populated(id)).lineList._revision).toBe(lineListRevision + 1);
    });

    it("leaves published line lists editable", async () => {
      const name = `published-${++counter}`;
      const lineList = await kit.newLineList({
        name,
        items: 2,
        catalogs: { crocs: [modelCode(name, 0)] },
        published: true,
      });
      const response = await post("move-items", {
        lineListId: lineList.id,
        moveItems: [
          { modelCode: modelCode(name, 0), originCatalogType: "crocs", targetCatalogType: "athletic" },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect((await kit.placements(lineList.id)).get(modelCode(name, 0))).toEqual(["athletic"]);
    });

    describe("refusals", () => {
      const requests = (lineListId: number, codes: string[], origin = "unsorted", target = "athletic") => {
        const changes = codes.map((code) => ({
          modelCode: code,
          originCatalogType: origin,
          targetCatalogType: target,
        }));
        const many = { lineListId, modelCodes: codes, originCatalogType: origin, targetCatalogType: target };
        return [
          {
            name: "add-items",
            send: () => post("add-items", { lineListId, addItems: changes }),
            failure: segmentationMessages.addFailed,
          },
          {
            name: "add-items-to",
            send: () => post("add-items-to", many),
            failure: segmentationMessages.addFailed,
          },
          {
            name: "copy-items",
            send: () => post("copy-items", { lineListId, copyItems: changes }),
            failure: segmentationMessages.copyFailed,
          },
          {
            name: "copy-items-to",
            send: () => post("copy-items-to", many),
            failure: segmentationMessages.copyFailed,
          },
          {
            name: "move-items",
            send: () => post("move-items", { lineListId, moveItems: changes }),
            failure: segmentationMessages.moveFailed,
          },
          {
            name: "remove-items",
            send: () => remove({ lineListId, modelCodes: codes, catalogType: target }),
            failure: segmentationMessages.removeFailed,
          },
        ];
      };

      it("refuses a model code not in the line list with the operation's message, and changes nothing", async () => {
        const { id, code } = await fresh(3, (c) => ({ athletic: [c(0)], boutique: [c(1)] }));
        const state = await kit.placements(id);
        const revisions = await catalogRevisions(id);
        const unknown = Array.from({ length: 25 }, (_, index) => `NOPE-${index}`);
        for (const { name, send, failure } of requests(id, [
          code(1),
          code(2),
          unknown[0]!,
          ...unknown,
          code(0),
        ])) {
          const response = await send();
          expect(response.statusCode, name).toBe(400);
          expect(response.json(), name).toEqual({
            success: false,
            message: failure,
            data: { modelCodes: unknown.slice(0, 20).map(segmentationMessages.segmentationUnknownModelCode) },
          });
        }
        expect(await kit.placements(id)).toEqual(state);
        expect(await catalogRevisions(id)).toEqual(revisions);
      });

      it('refuses an empty selection with "No items to move"', async () => {
        const { id } = await fresh(1);
        for (const { name, send } of requests(id, [])) {
          const response = await send();
          expect(response.statusCode, name).toBe(400);
          expect(response.json(), name).toEqual({
            success: false,
            message: segmentationMessages.noItemsToMove,
            data: null,
          });
        }
      });

      it('refuses a target equal to the origin with "Cannot move items to the same category"', async () => {
        const { id, code } = await fresh(2, (c) => ({ athletic: [c(0)] }));
        const state = await kit.placements(id);
        for (const { name, send } of requests(id, [code(0)], "athletic", "athletic").filter(
          (request) => request.name !== "remove-items",
        )) {
          const response = await send();
          expect(response.statusCode, name).toBe(400);
          expect(response.json(), name).toEqual({
            success: false,
            message: segmentationMessages.sameCategory,
            data: null,
          });
        }
        // One bad change among good ones refuses the whole request.
        const mixed = await post("move-items", {
          lineListId: id,
          moveItems: [
            { modelCode: code(1), originCatalogType: "unsorted", targetCatalogType: "crocs" },
            { modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "athletic" },
          ],
        });
        expect(mixed.json().message).toBe(segmentationMessages.sameCategory);
        expect(await kit.placements(id)).toEqual(state);
      });

      it('answers 404 "Catalog or line list not found" for an unknown line list or a preview', async () => {
        const preview = await kit.newLineList({ name: "placement-preview", stage: "preview" });
        for (const lineListId of [987_654, preview.id]) {
          for (const { name, send } of requests(lineListId, ["X-1"])) {
            const response = await send();
            expect(response.statusCode, name).toBe(404);
            expect(response.json(), name).toEqual({
              success: false,
              message: segmentationMessages.catalogOrLineListNotFound,
              data: null,
            });
          }
        }
      });

      it("needs a signed-in user", async () => {
        const { id, code } = await fresh(1);
        for (const { name, method, path } of [
          { name: "add-items", method: "POST" as const, path: "add-items" },
          { name: "add-items-to", method: "POST" as const, path: "add-items-to" },
          { name: "copy-items", method: "POST" as const, path: "copy-items" },
          { name: "copy-items-to", method: "POST" as const, path: "copy-items-to" },
          { name: "move-items", method: "POST" as const, path: "move-items" },
          { name: "remove-items", method: "DELETE" as const, path: "remove-items" },
          { name: "save", method: "POST" as const, path: "save" },
          { name: "pre-segmented", method: "POST" as const, path: `pre-segmented?lineListId=${id}` },
        ]) {
          const response = await kit.request(
            method,
            `${base}/${path}`,
            { lineListId: id, modelCodes: [code(0)] },
            { anonymous: true },
          );
          expect(response.statusCode, name).toBe(401);
        }
        expect((await kit.placements(id)).get(code(0))).toEqual([]);
      });

      it("answers 400, never 500, for malformed requests: the add calls with their own text, the others Wrong Input", async () => {
        const { id, code } = await fresh(1);
        const tooMany = Array.from(
          { length: segmentationLimits.maxItemsPerRequest + 1 },
          (_, index) => `C-${index}`,
        );
        const cases: [string, () => ReturnType<typeof post>][] = [
          [
            "unknown type",
            () =>
              post("add-items-to", {
                lineListId: id,
                modelCodes: [code(0)],
                originCatalogType: "unsorted",
                targetCatalogType: "sandals",
              }),
          ],
          [
            "unsorted target",
            () =>
              post("move-items", {
                lineListId: id,
                moveItems: [
                  { modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "unsorted" },
                ],
              }),
          ],
          [
            "unsorted removal",
            () => remove({ lineListId: id, modelCodes: [code(0)], catalogType: "unsorted" }),
          ],
          [
            "blank model code",
            () =>
              post("copy-items-to", {
                lineListId: id,
                modelCodes: ["  "],
                originCatalogType: "unsorted",
                targetCatalogType: "crocs",
              }),
          ],
          ["missing list", () => post("copy-items", { lineListId: id })],
          ["bad id", () => post("move-items", { lineListId: -1, moveItems: [] })],
          ["not an array", () => post("add-items", { lineListId: id, addItems: "all" })],
          [
            "too many",
            () =>
              post("add-items-to", {
                lineListId: id,
                modelCodes: tooMany,
                originCatalogType: "unsorted",
                targetCatalogType: "crocs",
              }),
          ],
          ["no body", () => remove(undefined)],
        ];
        for (const [name, send] of cases) {
          const response = await send();
          expect(response.statusCode, name).toBe(400);
          // SPEC.md section 8, "Catalog add": the add calls' own answer to a bad request.
          const addCall = ["unknown type", "not an array", "too many"].includes(name);
          expect(response.json().message, name).toBe(
            addCall ? segmentationMessages.addFailed : genericMessages.wrongInput,
          );
          expect(response.json().data, name).not.toBeNull();
        }
        const tooManyResponse = await post("move-items", {
          lineListId: id,
          moveItems: tooMany.map((modelCode) => ({
            modelCode,
            originCatalogType: "unsorted",
            targetCatalogType: "crocs",
          })),
        });
        expect(tooManyResponse.statusCode).toBe(400);
        expect(tooManyResponse.json().data).toEqual({ moveItems: [segmentationMessages.tooManyItems] });
      });

      it("answers 413 for a body beyond the placement routes' limit", async () => {
        const { id } = await fresh(1);
        const huge = Array.from({ length: 9_000 }, (_, index) => `${"X".repeat(480)}-${index}`);
        const response = await post("copy-items", {
          lineListId: id,
          copyItems: huge.map((modelCode) => ({
            modelCode,
            originCatalogType: "unsorted",
            targetCatalogType: "crocs",
          })),
        });
        expect(response.statusCode).toBe(413);
        expect(response.json().success).toBe(false);
      });
    });

    it("applies concurrent requests one after the other, without duplicates", async () => {
      const { id, code } = await fresh(6);
      const codes = [0, 1, 2, 3, 4, 5].map(code);
      const add = () =>
        post("add-items-to", {
          lineListId: id,
          modelCodes: codes,
          originCatalogType: "unsorted",
          targetCatalogType: "athletic",
        });
      const copy = () =>
        post("copy-items-to", {
          lineListId: id,
          modelCodes: codes.slice(0, 3),
          originCatalogType: "athletic",
          targetCatalogType: "crocs",
        });
      const answers = await Promise.all([add(), add(), copy(), add(), copy()]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const data = await kit.populated(id);
      expect(data.catalogs[1]!.items.map((item) => item.id)).toEqual(codes);
      expect(data.catalogs[3]!.items.map((item) => item.id)).toEqual(codes.slice(0, 3));
      // One entry for the add and one for the copy that changed something; the repeats changed nothing.
      const summaries = (await lineListEvents(id, "move")).map((entry) => entry.summary);
      expect(summaries).toHaveLength(2);
      expect(summaries).toEqual(
        expect.arrayContaining([expect.stringContaining("added to"), expect.stringContaining("copied to")]),
      );
    });

    it("moves 2,000 items of a select-all in one request", async () => {
      const { id, code } = await fresh(2_000);
      const codes = Array.from({ length: 2_000 }, (_, index) => code(index));
      const response = await post("move-items", {
        lineListId: id,
        moveItems: codes.map((modelCode) => ({
          modelCode,
          originCatalogType: "unsorted",
          targetCatalogType: "boutique",
        })),
      });
      expect(response.statusCode).toBe(200);
      expect((response.json().data as PlacementResult).counts).toEqual({
        unsorted: 0,
        athletic: 0,
        boutique: 2_000,
        crocs: 0,
      });
      const back = await post("move-items", {
        lineListId: id,
        moveItems: codes
          .slice(0, 1_000)
          .map((modelCode) => ({ modelCode, originCatalogType: "boutique", targetCatalogType: "crocs" })),
      });
      expect(back.json().data.counts).toEqual({ unsorted: 0, athletic: 0, boutique: 1_000, crocs: 1_000 });
      const data = await kit.populated(id);
      expect(data.catalogs.map((catalog) => catalog.items.length)).toEqual([0, 0, 1_000, 1_000]);
    });
  });

  it("documents every segmentation route in the OpenAPI document", async () => {
    const document = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const routes: [string, string][] = [
      ["/api/crocs/catalogs/populated/{lineListId}", "get"],
      ["/api/crocs/catalogs/latest", "get"],
      ["/api/crocs/catalogs/create", "post"],
      ["/api/crocs/catalogs/add-items", "post"],
      ["/api/crocs/catalogs/add-items-to", "post"],
      ["/api/crocs/catalogs/copy-items", "post"],
      ["/api/crocs/catalogs/copy-items-to", "post"],
      ["/api/crocs/catalogs/move-items", "post"],
      ["/api/crocs/catalogs/remove-items", "delete"],
      ["/api/crocs/catalogs/save", "post"],
      ["/api/crocs/catalogs/pre-segmented", "post"],
    ];
    for (const [path, method] of routes) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(["catalogs"]);
      expect(operation.description.length, `${method} ${path}`).toBeGreaterThan(100);
    }
    expect(document.paths["/api/crocs/catalogs/move-items"].post.description).toContain(
      segmentationMessages.sameCategory,
    );
  });

  describe("POST /api/crocs/catalogs/save", () => {
    it("marks sorting completed once, creating the catalogs; saving again changes nothing", async () => {
      const { id } = await fresh(2);
      const response = await post("save", { lineListId: id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: segmentationMessages.catalogsSaved,
        data: { id, sortingCompleted: 1, _revision: 2 },
        nextExpectedStreamVersion: 2,
        createdNewStream: false,
      });
      expect(Object.keys(await catalogRevisions(id)).sort()).toEqual(["athletic", "boutique", "crocs"]);

      const again = await post("save", { lineListId: id });
      expect(again.json()).toMatchObject({
        data: { sortingCompleted: 1, _revision: 2 },
        nextExpectedStreamVersion: 2,
      });
      const [row] = await testApp.database.db.select().from(lineLists).where(eq(lineLists.id, id));
      expect(row).toMatchObject({ sortingCompleted: true, revision: 2 });
      expect(await lineListEvents(id, "update")).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: kit.adminId }),
          changes: [{ field: "sortingCompleted", before: 0, after: 1 }],
          summary: "Catalogs saved: sorting completed",
        }),
      ]);
    });

    it('answers 404 "No line list found" for an unknown line list or a preview', async () => {
      const preview = await kit.newLineList({ name: "save-preview", stage: "preview" });
      for (const lineListId of [987_654, preview.id]) {
        const response = await post("save", { lineListId });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(catalogMessages.noLineListFound);
      }
    });
  });
});

describe("the current catalogs with no line list", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it('answers 404 "No current catalogs found"', async () => {
    const headers = await signIn(testApp);
    const response = await testApp.app.inject({ method: "GET", url: `${base}/latest`, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      message: segmentationMessages.noCurrentCatalogs,
      data: null,
    });
  });
});
