// Segmentation benchmark:
//   npm run bench:segmentation [-- --items 5000] [--move 2000] [--rounds 5] [--database-url postgres://.../empty_db]
//
// Creates a Crocs line list of 5,000 styles (10 sizes each, through the line-list domain service)
// on a fresh DATA_DIR, starts the real server on 127.0.0.1 and, through HTTP with `fetch`, times
// over a few alternating rounds (medians):
//   - baseline: `GET /api/brands`, a trivial authenticated read (token check, one small query);
//   - `GET /api/crocs/catalogs/populated/{id}` with every item placed somewhere;
//   - a 2,000-item select-all: `move-items` from unsorted to athletic (an add), `move-items` from
//     athletic to boutique (out of one catalog, into another), and `remove-items` from boutique
//     (back to unsorted), so every round starts from the same state.
// It prints each round, the medians and each figure's ratio to the baseline; for populated, also
// the time of the service function alone, called in the process (SQL and shaping, no HTTP).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { PlacementResult, PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { getPopulatedCatalogs } from "../../apps/server/src/modules/catalogs/service.ts";
import { createLineList } from "../../apps/server/src/modules/line-lists/service.ts";
import { benchServerArgs, initOnlyAndExit, startBenchServer } from "./support/server.ts";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "5000" },
    move: { type: "string", default: "2000" },
    rounds: { type: "string", default: "5" },
    ...benchServerArgs,
  },
});

if (values["init-only"]) await initOnlyAndExit(values["init-only"], values["database-url"]);

const itemCount = Number(values.items);
const moveCount = Number(values.move);
const rounds = Number(values.rounds);
if (!(moveCount > 0 && moveCount <= itemCount)) throw new Error("--move must be between 1 and --items");

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
const sizes = ["M4/W6", "M5/W7", "M6/W8", "M7/W9", "M8/W10", "M9/W11", "M10/W12", "M11", "M12", "M13"];
const modelCode = (index: number) =>
  `${String(10_000 + Math.floor(index / 10))}-${String(index % 10).padStart(3, "0")}`;

const work = await mkdtemp(path.join(os.tmpdir(), "cm-bench-segmentation-"));
try {
  const dataDir = path.join(work, "data");
  // The first start (database, migrations, seed) in a child process, as a restarted server finds it.
  const { app, address, auth } = await startBenchServer(
    import.meta.filename,
    dataDir,
    values["database-url"],
  );
  try {
    const api = async (method: string, url: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
      return { elapsed, bytes: Buffer.byteLength(text), data: (JSON.parse(text) as { data: unknown }).data };
    };

    // The line list, through the domain service as an upload's save makes it.
    const brands = (await api("GET", "/api/brands")).data as { id: number; name: string }[];
    const crocs = brands.find((brand) => brand.name === "Crocs")!;
    const codes = Array.from({ length: itemCount }, (_, index) => modelCode(index));
    const createStarted = performance.now();
    const lineList = await createLineList(
      app.database.db,
      {
        brandId: crocs.id,
        name: `Bench ${itemCount} styles`,
        stage: "saved",
        season: "Spring",
        year: 2027,
        products: codes.map((code, index) => ({
          modelCode: code,
          franchise: "Classic",
          silhouette: `Silhouette ${index % 97}`,
          color: ["Black", "White", "Navy", "Pepper"][index % 4]!,
          imageUrls:
            index % 5 === 0
              ? []
              : [`https://images.example/${code}-1.jpg`, `https://images.example/${code}-2.jpg`],
          sizes: sizes.map((size) => ({ size, sku: `${code}-${size}` })),
        })),
        // Every item not moved sits in a catalog, so the populated answer carries placements too.
        catalogs: { crocs: codes.slice(moveCount) },
      },
      null,
    );
    console.log(
      `line list:  ${itemCount} styles, ${itemCount * sizes.length} sizes, created in ${ms(performance.now() - createStarted)}`,
    );
    const moved = codes.slice(0, moveCount);
    const lineListId = lineList.id;

    const moveItems = (origin: string, target: string) =>
      api("POST", "/api/crocs/catalogs/move-items", {
        lineListId,
        moveItems: moved.map((modelCode) => ({
          modelCode,
          originCatalogType: origin,
          targetCatalogType: target,
        })),
      });
    const expectCounts = (result: unknown, counts: PlacementResult["counts"]) => {
      const actual = (result as PlacementResult).counts;
      if (JSON.stringify(actual) !== JSON.stringify(counts)) {
        throw new Error(`unexpected counts ${JSON.stringify(actual)}, expected ${JSON.stringify(counts)}`);
      }
    };
    const rest = itemCount - moveCount;

    const round = async () => {
      const baseline = await api("GET", "/api/brands");
      const populated = await api("GET", `/api/crocs/catalogs/populated/${lineListId}`);
      const items = (populated.data as PopulatedCatalogs).catalogs.reduce(
        (sum, catalog) => sum + catalog.items.length,
        0,
      );
      if (items !== itemCount) throw new Error(`populated lists ${items} items, expected ${itemCount}`);
      // The same answer from the service alone (its queries and shaping), without HTTP and serialization.
      const serviceStarted = performance.now();
      await getPopulatedCatalogs(app.database.db, lineListId);
      const service = { elapsed: performance.now() - serviceStarted };
      const add = await moveItems("unsorted", "athletic");
      expectCounts(add.data, { unsorted: 0, athletic: moveCount, boutique: 0, crocs: rest });
      const move = await moveItems("athletic", "boutique");
      expectCounts(move.data, { unsorted: 0, athletic: 0, boutique: moveCount, crocs: rest });
      const back = await api("DELETE", "/api/crocs/catalogs/remove-items", {
        lineListId,
        modelCodes: moved,
        catalogType: "boutique",
      });
      expectCounts(back.data, { unsorted: moveCount, athletic: 0, boutique: 0, crocs: rest });
      return { baseline, populated, service, add, move, back };
    };

    // One round unmeasured: the first requests compile schemas and fill caches.
    await round();
    const results: Awaited<ReturnType<typeof round>>[] = [];
    for (let index = 1; index <= rounds; index += 1) {
      globalThis.gc?.();
      const result = await round();
      results.push(result);
      console.log(
        `round ${index}: baseline ${ms(result.baseline.elapsed)}  populated ${ms(result.populated.elapsed)} (service ${ms(result.service.elapsed)})  move in ${ms(result.add.elapsed)}  move across ${ms(result.move.elapsed)}  remove ${ms(result.back.elapsed)}`,
      );
    }

    const baseline = median(results.map((result) => result.baseline.elapsed));
    const line = (label: string, pick: (result: (typeof results)[number]) => { elapsed: number }) => {
      const value = median(results.map((result) => pick(result).elapsed));
      console.log(
        `${label.padEnd(48)} ${ms(value).padStart(10)}   ${(value / baseline).toFixed(1).padStart(6)} x baseline`,
      );
    };
    console.log("");
    console.log(
      `database: ${app.database.kind === "pglite" ? "embedded (PGlite, in this process)" : "PostgreSQL server"}; medians of ${rounds} rounds`,
    );
    line("baseline GET /api/brands", (result) => result.baseline);
    line(
      `GET populated (${itemCount} items, ${(results[0]!.populated.bytes / 1024 / 1024).toFixed(2)} MB JSON)`,
      (result) => result.populated,
    );
    line("  of which the service alone (queries, shaping)", (result) => result.service);
    line(`move-items ${moveCount}: unsorted -> athletic`, (result) => result.add);
    line(`move-items ${moveCount}: athletic -> boutique`, (result) => result.move);
    line(`remove-items ${moveCount}: boutique -> unsorted`, (result) => result.back);
  } finally {
    await app.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
