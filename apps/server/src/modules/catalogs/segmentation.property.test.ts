import { segmentationMessages, type PlacementResult } from "@cm/contracts/catalog-segmentation";
import {
  catalogTypeValues,
  itemPlacementValues,
  type CatalogType,
  type ItemPlacement,
} from "@cm/contracts/catalogs";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { catalogItems } from "../../db/schema.ts";
import { modelCode, segmentationKit, type SegmentationKit } from "./segmentation-test-kit.ts";

/**
 * Random sequences of placement requests against a simple in-memory model of SPEC.md section 4:
 * add and copy put an item in the target and keep it where it was, move also takes it out of
 * its origin (from unsorted it is an add) and is refused when an item is no longer there, remove
 * takes it out of one catalog. After every request the server's populated catalogs must equal
 * the model, and a request the model says is invalid must be refused and change nothing.
 */

const itemCount = 200;
const lineListName = "prop";
const codes = Array.from({ length: itemCount }, (_, index) => modelCode(lineListName, index));

type Model = Map<string, Set<CatalogType>>;

type Kind = "add-items" | "add-items-to" | "copy-items" | "copy-items-to" | "move-items" | "remove-items";
const kinds: Kind[] = [
  "add-items",
  "add-items-to",
  "copy-items",
  "copy-items-to",
  "move-items",
  "remove-items",
];

interface Pick {
  index: number;
  /**
   * Below 12: an origin where the item is (what a screen sends); 12 to 15, in an operation
   * `behind` the server: any place, which may not hold the item at all.
   */
  originChoice: number;
  target: CatalogType;
}

interface Operation {
  kind: Kind;
  picks: Pick[];
  /** Also name a model code the line list does not have. */
  unknownCode: boolean;
  /**
   * Sent from a screen behind the server: origins may be places the items have left. Only now
   * and then, as a move naming one such item is refused whole.
   */
  behind: boolean;
  /**
   * Keep a target equal to its origin (refused). Otherwise such a target is moved on to the next
   * catalog, as the screen disables it: most requests must be valid for the sequence to go far.
   */
  allowSameCategory: boolean;
}

const catalogTypeArb = fc.constantFrom(...catalogTypeValues);
const operationArb: fc.Arbitrary<Operation> = fc.record({
  kind: fc.constantFrom(...kinds),
  picks: fc.array(
    fc.record({ index: fc.nat(itemCount - 1), originChoice: fc.nat(15), target: catalogTypeArb }),
    // Now and then empty (refused), sometimes large.
    { minLength: 0, maxLength: 40, size: "+1" },
  ),
  unknownCode: fc.nat(9).map((value) => value === 0),
  behind: fc.nat(4).map((value) => value === 0),
  allowSameCategory: fc.nat(9).map((value) => value === 0),
});

function placesOf(model: Model, code: string): ItemPlacement[] {
  const types = catalogTypeValues.filter((type) => model.get(code)!.has(type));
  return types.length === 0 ? ["unsorted"] : types;
}

function originFor(model: Model, operation: Operation, pick: Pick): ItemPlacement {
  if (operation.behind && pick.originChoice >= 12) return itemPlacementValues[pick.originChoice - 12]!;
  const places = placesOf(model, codes[pick.index]!);
  return places[pick.originChoice % places.length]!;
}

function targetFor(operation: Operation, origin: ItemPlacement, target: CatalogType): CatalogType {
  if (operation.allowSameCategory || origin !== target) return target;
  return catalogTypeValues[(catalogTypeValues.indexOf(target) + 1) % catalogTypeValues.length]!;
}

interface Request {
  method: "POST" | "DELETE";
  path: Kind;
  body: object;
  /** null when the model says the request is valid, else how it must be refused. */
  refusal: { status: number; message: string } | null;
  removals: [string, CatalogType][];
  additions: [string, CatalogType][];
  named: string[];
}

const failureMessages: Record<Kind, string> = {
  "add-items": segmentationMessages.addFailed,
  "add-items-to": segmentationMessages.addFailed,
  "copy-items": segmentationMessages.copyFailed,
  "copy-items-to": segmentationMessages.copyFailed,
  "move-items": segmentationMessages.moveFailed,
  "remove-items": segmentationMessages.removeFailed,
};

/** Turns a generated operation into the request the screen would send, and what the model expects. */
function toRequest(model: Model, lineListId: number, operation: Operation): Request {
  const { kind, picks } = operation;
  const named = picks.map((pick) => codes[pick.index]!);
  if (operation.unknownCode) named.splice(Math.min(1, named.length), 0, "NOT-IN-THE-LINE-LIST");
  const removals: [string, CatalogType][] = [];
  const additions: [string, CatalogType][] = [];
  let same = false;
  /** A move naming an item that is not in its origin (a screen behind the server). */
  let leftOrigin = false;
  let body: object;

  if (kind === "remove-items") {
    const catalogType = picks[0]?.target ?? "athletic";
    body = { lineListId, modelCodes: named, catalogType };
    for (const code of named) removals.push([code, catalogType]);
  } else if (kind.endsWith("-to")) {
    const origin = picks[0] ? originFor(model, operation, picks[0]) : "unsorted";
    const target = targetFor(operation, origin, picks[0]?.target ?? "crocs");
    same = picks.length > 0 && origin === target;
    body = { lineListId, modelCodes: named, originCatalogType: origin, targetCatalogType: target };
    for (const code of named) additions.push([code, target]);
  } else {
    const changes = picks.map((pick) => {
      const origin = originFor(model, operation, pick);
      return {
        modelCode: codes[pick.index]!,
        originCatalogType: origin,
        targetCatalogType: targetFor(operation, origin, pick.target),
      };
    });
    if (operation.unknownCode) {
      changes.splice(Math.min(1, changes.length), 0, {
        modelCode: "NOT-IN-THE-LINE-LIST",
        originCatalogType: "unsorted",
        targetCatalogType: "crocs",
      });
    }
    same = changes.some((change) => change.originCatalogType === change.targetCatalogType);
    leftOrigin =
      kind === "move-items" &&
      changes.some(
        ({ modelCode, originCatalogType }) =>
          model.has(modelCode) && !placesOf(model, modelCode).includes(originCatalogType),
      );
    const listName = kind === "add-items" ? "addItems" : kind === "copy-items" ? "copyItems" : "moveItems";
    body = { lineListId, [listName]: changes };
    for (const change of changes) {
      if (kind === "move-items" && change.originCatalogType !== "unsorted") {
        removals.push([change.modelCode, change.originCatalogType]);
      }
      additions.push([change.modelCode, change.targetCatalogType]);
    }
  }

  const invalid = (message: string) => ({ status: 400, message });
  const refusal =
    named.length === 0
      ? invalid(segmentationMessages.noItemsToMove)
      : same
        ? invalid(segmentationMessages.sameCategory)
        : operation.unknownCode
          ? invalid(failureMessages[kind])
          : leftOrigin
            ? { status: 409, message: segmentationMessages.itemsLeftOrigin }
            : null;
  return {
    method: kind === "remove-items" ? "DELETE" : "POST",
    path: kind,
    body,
    refusal,
    removals,
    additions,
    named,
  };
}

function countsOf(model: Model) {
  const counts = { unsorted: 0, athletic: 0, boutique: 0, crocs: 0 };
  for (const types of model.values()) {
    if (types.size === 0) counts.unsorted += 1;
    for (const type of types) counts[type] += 1;
  }
  return counts;
}

describe("segmentation invariants (property-based)", () => {
  let testApp: TestApp;
  let kit: SegmentationKit;
  let lineListId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await segmentationKit(testApp, await signIn(testApp));
    lineListId = (await kit.newLineList({ name: lineListName, items: itemCount, catalogs: {} })).id;
  });
  afterAll(() => testApp?.close());

  /** The server's state, checked for the invariants that hold whatever the model says. */
  async function serverState(): Promise<Model> {
    const data = await kit.populated(lineListId);
    expect(data.catalogs.map((catalog) => catalog.type)).toEqual(itemPlacementValues);
    const state: Model = new Map(codes.map((code) => [code, new Set<CatalogType>()]));
    const [unsorted, ...catalogs] = data.catalogs;
    for (const catalog of catalogs) {
      const ids = catalog.items.map((item) => item.id);
      // No item twice in a catalog.
      expect(new Set(ids).size).toBe(ids.length);
      // Every item lists the catalog it is in. One assertion per catalog, naming the items that
      // do not: one per item would be a few hundred after every request, seconds of the test's time.
      expect(
        catalog.items.filter((item) => !item.catalogTypes.includes(catalog.type as CatalogType)),
      ).toEqual([]);
      for (const item of catalog.items) state.get(item.id)!.add(catalog.type as CatalogType);
    }
    // Unsorted is exactly the items in no catalog, in the line list's order.
    expect(unsorted!.items.map((item) => item.id)).toEqual(
      codes.filter((code) => state.get(code)!.size === 0),
    );
    expect(unsorted!.items.filter((item) => item.catalogTypes.length > 0)).toEqual([]);
    return state;
  }

  it(
    "keeps the server equal to the model through random sequences of requests",
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(operationArb, { minLength: 30, maxLength: 50 }), async (operations) => {
          await testApp.database.db.delete(catalogItems).where(eq(catalogItems.lineListId, lineListId));
          const model: Model = new Map(codes.map((code) => [code, new Set<CatalogType>()]));

          for (const operation of operations) {
            const request = toRequest(model, lineListId, operation);
            const response = await kit.request(
              request.method,
              `/api/crocs/catalogs/${request.path}`,
              request.body,
            );

            if (request.refusal !== null) {
              expect(response.statusCode, response.body).toBe(request.refusal.status);
              expect(response.json().message).toBe(request.refusal.message);
            } else {
              expect(response.statusCode, response.body).toBe(200);
              for (const [code, type] of request.removals) model.get(code)!.delete(type);
              for (const [code, type] of request.additions) model.get(code)!.add(type);
              const result = response.json().data as PlacementResult;
              expect(result.counts).toEqual(countsOf(model));
              expect(result.items).toEqual(
                [...new Set(request.named)].map((code) => ({
                  modelCode: code,
                  catalogTypes: catalogTypeValues.filter((type) => model.get(code)!.has(type)),
                })),
              );
            }
            expect(await serverState()).toEqual(model);
          }
        }),
        { numRuns: 15 },
      );
    },
  );
});
