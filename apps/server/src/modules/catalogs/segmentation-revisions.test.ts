import {
  catalogTabLabels,
  segmentationFileContentTypes,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import { genericMessages } from "@cm/contracts/messages";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { catalogs, historyEntries, lineLists } from "../../db/schema.ts";
import { modelCode, segmentationKit, type SegmentationKit } from "./segmentation-test-kit.ts";

const base = "/api/crocs/catalogs";

/**
 * The revision rule of every write to a line list's catalogs: the line list's revision the client
 * based the write on (If-Match or expectedRevision); a stale one gets 409 and changes nothing. A
 * move also refuses items that are no longer in the place it moves them from.
 */
describe("catalog writes and the line list's revision", () => {
  let testApp: TestApp;
  let kit: SegmentationKit;
  let counter = 0;

  /** A saved line list of four items: 0 in athletic, 1 in athletic and crocs, 2 and 3 unsorted. */
  const fresh = async () => {
    const name = `rev${++counter}`;
    const code = (index: number) => modelCode(name, index);
    const lineList = await kit.newLineList({
      name,
      items: 4,
      catalogs: { athletic: [code(0), code(1)], crocs: [code(1)] },
    });
    return { id: lineList.id, code };
  };
  const send = (method: "POST" | "DELETE", path: string, body: unknown, revision?: number) =>
    kit.request(method, `${base}/${path}`, body, {
      headers: revision === undefined ? {} : { "if-match": `"${revision}"` },
    });
  const revisionOf = async (lineListId: number) => (await kit.populated(lineListId)).lineList._revision;
  const catalogRevisions = async (lineListId: number) =>
    (
      await testApp.database.db
        .select({ type: catalogs.type, revision: catalogs.revision })
        .from(catalogs)
        .where(eq(catalogs.lineListId, lineListId))
    ).sort((a, b) => a.type.localeCompare(b.type));
  const lineListEntries = (lineListId: number) =>
    and(eq(historyEntries.entityType, "line-list"), eq(historyEntries.entityId, String(lineListId)));
  /** What a refused write must leave as it was. */
  const snapshot = async (lineListId: number) => ({
    placements: Object.fromEntries(await kit.placements(lineListId)),
    revision: await revisionOf(lineListId),
    catalogs: await catalogRevisions(lineListId),
    history: await testApp.database.db.$count(historyEntries, lineListEntries(lineListId)),
  });

  /** Every placement write, each one a real change on `fresh()`'s line list. */
  const writes = (lineListId: number, code: (index: number) => string) => [
    {
      name: "add-items",
      method: "POST" as const,
      body: {
        lineListId,
        addItems: [{ modelCode: code(2), originCatalogType: "unsorted", targetCatalogType: "boutique" }],
      },
    },
    {
      name: "add-items-to",
      method: "POST" as const,
      body: {
        lineListId,
        modelCodes: [code(2)],
        originCatalogType: "unsorted",
        targetCatalogType: "boutique",
      },
    },
    {
      name: "copy-items",
      method: "POST" as const,
      body: {
        lineListId,
        copyItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" }],
      },
    },
    {
      name: "copy-items-to",
      method: "POST" as const,
      body: {
        lineListId,
        modelCodes: [code(0)],
        originCatalogType: "athletic",
        targetCatalogType: "boutique",
      },
    },
    {
      name: "move-items",
      method: "POST" as const,
      body: {
        lineListId,
        moveItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" }],
      },
    },
    {
      name: "remove-items",
      method: "DELETE" as const,
      body: { lineListId, modelCodes: [code(1)], catalogType: "crocs" },
    },
  ];

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await segmentationKit(testApp, await signIn(testApp));
  });
  afterAll(() => testApp?.close());

  it("a write that changed the catalogs answers the line list's new revision, which the line list then shows", async () => {
    const { id, code } = await fresh();
    const before = await revisionOf(id);
    const move = writes(id, code).find((write) => write.name === "move-items")!;
    const response = await send(move.method, move.name, move.body, before);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().nextExpectedStreamVersion).toBe(before + 1);
    expect(await revisionOf(id)).toBe(before + 1);

    // The same move again, at the current revision: the item is no longer in athletic.
    const again = await send(move.method, move.name, move.body, before + 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(segmentationMessages.itemsLeftOrigin);
    expect(await revisionOf(id)).toBe(before + 1);

    // A write that changes nothing keeps the revision, and says so.
    const copy = await send(
      "POST",
      "copy-items-to",
      { lineListId: id, modelCodes: [code(1)], originCatalogType: "athletic", targetCatalogType: "crocs" },
      before + 1,
    );
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().nextExpectedStreamVersion).toBe(before + 1);
  });

  for (const { name } of writes(0, String)) {
    it(`${name}: a stale revision gets 409 and changes nothing; the current one is applied`, async () => {
      const { id, code } = await fresh();
      const write = writes(id, code).find((candidate) => candidate.name === name)!;
      const current = await revisionOf(id);
      // Someone else placed an item meanwhile.
      const other = await send(
        "POST",
        "add-items-to",
        { lineListId: id, modelCodes: [code(3)], originCatalogType: "unsorted", targetCatalogType: "crocs" },
        current,
      );
      expect(other.statusCode, other.body).toBe(200);
      const state = await snapshot(id);

      for (const stale of [
        () => send(write.method, write.name, write.body, current),
        () => send(write.method, write.name, { ...write.body, expectedRevision: current }),
      ]) {
        const response = await stale();
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toEqual({
          success: false,
          message: genericMessages.staleRevision,
          data: null,
        });
        expect(await snapshot(id)).toEqual(state);
      }

      const fresher = await send(
        write.method,
        write.name,
        write.body,
        other.json().nextExpectedStreamVersion,
      );
      expect(fresher.statusCode, fresher.body).toBe(200);
      expect(fresher.json().nextExpectedStreamVersion).toBe(state.revision + 1);
    });
  }

  it("a move of items no longer in their origin is refused whole and adds nothing to the target", async () => {
    const { id, code } = await fresh();
    // Item 0 left athletic for crocs; item 2 left unsorted for boutique.
    await send("POST", "move-items", {
      lineListId: id,
      moveItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "crocs" }],
    });
    await send("POST", "add-items-to", {
      lineListId: id,
      modelCodes: [code(2)],
      originCatalogType: "unsorted",
      targetCatalogType: "boutique",
    });
    const state = await snapshot(id);

    const response = await send("POST", "move-items", {
      lineListId: id,
      moveItems: [
        { modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" },
        { modelCode: code(1), originCatalogType: "athletic", targetCatalogType: "boutique" },
        { modelCode: code(2), originCatalogType: "unsorted", targetCatalogType: "athletic" },
      ],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: segmentationMessages.itemsLeftOrigin,
      data: {
        modelCodes: [
          segmentationMessages.itemLeftOrigin(code(0), "athletic"),
          segmentationMessages.itemLeftOrigin(code(2), "unsorted"),
        ],
      },
    });
    expect(response.json().data.modelCodes[0]).toBe(
      `Model code ${code(0)} is no longer in ${catalogTabLabels.athletic}`,
    );
    expect(await snapshot(id)).toEqual(state);

    // From where they are now, the same items move.
    const moved = await send("POST", "move-items", {
      lineListId: id,
      moveItems: [
        { modelCode: code(0), originCatalogType: "crocs", targetCatalogType: "boutique" },
        { modelCode: code(1), originCatalogType: "athletic", targetCatalogType: "boutique" },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Object.fromEntries(await kit.placements(id))).toMatchObject({
      [code(0)]: ["boutique"],
      [code(1)]: ["boutique", "crocs"],
    });
  });

  it("records a move with the line list's revision before and after", async () => {
    const { id, code } = await fresh();
    const before = await revisionOf(id);
    await send("POST", "move-items", {
      lineListId: id,
      moveItems: [{ modelCode: code(0), originCatalogType: "athletic", targetCatalogType: "boutique" }],
    });
    const [entry] = await testApp.database.db
      .select()
      .from(historyEntries)
      .where(and(lineListEntries(id), eq(historyEntries.action, "move")))
      .orderBy(desc(historyEntries.id));
    expect(entry).toMatchObject({ beforeRevision: before, afterRevision: before + 1 });
    const [row] = await testApp.database.db.select().from(lineLists).where(eq(lineLists.id, id));
    expect(row!.revision).toBe(before + 1);
  });

  it("create, save, publish and the segmentation file honour the revision too", async () => {
    const { id, code } = await fresh();
    const current = await revisionOf(id);
    const stale = current + 1;
    const state = await snapshot(id);
    for (const path of ["create", "save", "publish"]) {
      const response = await send("POST", path, { lineListId: id }, stale);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(409);
      expect(response.json().message).toBe(genericMessages.staleRevision);
    }
    const file = await kit.request(
      "POST",
      `${base}/pre-segmented?lineListId=${id}`,
      `Model Code,Catalog Type\r\n${code(2)},boutique`,
      { headers: { "content-type": segmentationFileContentTypes.csv, "if-match": `"${stale}"` } },
    );
    expect(file.statusCode, file.body).toBe(409);
    expect(await snapshot(id)).toEqual(state);

    const created = await send("POST", "create", { lineListId: id }, current);
    expect(created.json()).toMatchObject({ success: true, nextExpectedStreamVersion: current });
    const placed = await kit.request(
      "POST",
      `${base}/pre-segmented?lineListId=${id}`,
      `Model Code,Catalog Type\r\n${code(2)},boutique`,
      { headers: { "content-type": segmentationFileContentTypes.csv, "if-match": `"${current}"` } },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().nextExpectedStreamVersion).toBe(current + 1);
    const saved = await send("POST", "save", { lineListId: id, expectedRevision: current + 1 });
    expect(saved.json()).toMatchObject({ nextExpectedStreamVersion: current + 2 });
    const published = await send("POST", "publish", { lineListId: id }, current + 2);
    expect(published.json()).toMatchObject({ nextExpectedStreamVersion: current + 3 });
  });
});
