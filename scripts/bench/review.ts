// Reviewing a re-upload and undoing a save at size (issue 33), and the mapping step's live preview
// (issue 32):
//   npm run bench:review [-- --styles 5000] [--clicks 20] [--rounds 3] [--database-url postgres://.../empty_db]
//
// On a fresh DATA_DIR it starts the real server on 127.0.0.1 and, through the shared fixtures
// (apps/server/src/testing/review-fixtures.ts), makes a saved line list of `--styles` styles with
// a re-upload of it waiting in preview (every MSRP changed, every other colour). Then it measures:
//   - one choice click, `PATCH /api/crocs/preview/{id}/choices` keeping one style's old MSRP
//     (median of `--clicks`, each on another style), goal < 100 ms;
//   - "Keep every old MSRP" over every style, one request (one statement), and "Take all";
//   - a change set's start and finish on a save of every style's MSRP, in the process (medians of
//     `--rounds`, each rolled back);
//   - undoing a save of `--styles` new styles over HTTP (`POST …/saves/{id}/undo`), and undoing that
//     undo (medians of `--rounds`, each round undoing the newest save);
//   - the live preview: `readMappedSheet` with `maxStyles: 20` on 400 rows of the Crocs template
//     (median of 20), goal < 200 ms.
// Each figure is shown beside the baseline measured in the same run: `GET /api/brands` (a trivial
// signed-in read) for the requests, reading the whole line list's snapshot for the change set,
// and `readMappedSheet` reading all 400 rows for the live preview.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import type { UndoSaveData } from "@cm/contracts/line-list-saves";
import { lineListSavesApiPaths } from "@cm/contracts/line-list-saves";
import { reviewApiPaths } from "@cm/contracts/line-list-review";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { readMappedSheet } from "@cm/contracts/mapping-engine/read-mapped-sheet";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../apps/server/src/db/client.ts";
import { startChangeSet } from "../../apps/server/src/modules/line-list-saves/change-set.ts";
import { takeSnapshot } from "../../apps/server/src/modules/line-list-saves/snapshot.ts";
import {
  createLineList,
  createLineListInTransaction,
} from "../../apps/server/src/modules/line-lists/service.ts";
import {
  changeSetStyle,
  seedNewStylesSave,
  seedReviewPreview,
} from "../../apps/server/src/testing/review-fixtures.ts";
import { benchServerArgs, initOnlyAndExit, startBenchServer } from "./support/server.ts";
import { recordFigures, type BenchFigure } from "./support/summary.ts";

const { values } = parseArgs({
  options: {
    styles: { type: "string", default: "5000" },
    clicks: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
    ...benchServerArgs,
  },
});

if (values["init-only"]) await initOnlyAndExit(values["init-only"], values["database-url"]);

const styleCount = Number(values.styles);
const clickCount = Number(values.clicks);
const rounds = Number(values.rounds);
const count = styleCount.toLocaleString("en");

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const time = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
};
class Rollback extends Error {}
const rolledBack = (error: unknown) => {
  if (!(error instanceof Rollback)) throw error;
};
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`bench:review: ${what}`);
}

interface Row {
  figure: string;
  value: number;
  unit: "ms";
  goal?: number;
  baseline: { name: string; value: number };
}
const rows: Row[] = [];

const work = await mkdtemp(path.join(os.tmpdir(), "cm-bench-review-"));
try {
  const { app, address, auth } = await startBenchServer(
    import.meta.filename,
    path.join(work, "data"),
    values["database-url"],
  );
  try {
    const { db } = app.database;
    const api = async <T>(method: string, url: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
      return { elapsed, data: (JSON.parse(text) as { data: T }).data };
    };
    const baselineRead = async () => (await api("GET", "/api/brands")).elapsed;
    const [{ brandId }] = rowsOf<{ brandId: number }>(
      await db.execute(sql`select id as "brandId" from brands where name = 'Crocs'`),
    ) as [{ brandId: number }];
    const [{ adminId }] = rowsOf<{ adminId: number }>(
      await db.execute(sql`select id as "adminId" from users where email = ${app.config.ADMIN_EMAIL}`),
    ) as [{ adminId: number }];

    // (a)–(c) Choices on a preview of `styleCount` changed styles.
    const [{ lineListId }, seedMs] = await time(() =>
      seedReviewPreview(db, { brandId, adminId, styleCount, name: "Review bench 2027" }),
    );
    console.log(`preview: ${count} changed styles, 8 sizes each, made in ${ms(seedMs)}`);
    const summaryPath = `/api/crocs/preview/${lineListId}`;
    const choicesPath = reviewApiPaths.choices(lineListId);
    type Totals = { choices: { changesKept: number; changesTaken: number } };
    // Unmeasured: the first requests compile schemas and fill caches.
    await baselineRead();
    await api("GET", summaryPath);
    const styles = (await api<PreviewStyleRow[]>("GET", `${summaryPath}/styles?pageSize=100&view=changed`))
      .data;
    check(styles.length >= clickCount + 1, "too few styles for the clicks");
    await api("PATCH", choicesPath, { styles: [{ id: styles.at(-1)!.id, keep: ["msrp"] }] });
    await api("PATCH", choicesPath, { takeAll: true });

    const baselines: number[] = [];
    const summaries: number[] = [];
    const clicks: number[] = [];
    for (let index = 0; index < clickCount; index += 1) {
      baselines.push(await baselineRead());
      const click = await api<Totals>("PATCH", choicesPath, {
        styles: [{ id: styles[index]!.id, keep: ["msrp"] }],
      });
      check(
        click.data.choices.changesKept === index + 1,
        `click ${index + 1} kept ${click.data.choices.changesKept}`,
      );
      clicks.push(click.elapsed);
      if (index < rounds) summaries.push((await api("GET", summaryPath)).elapsed);
    }
    const columns: number[] = [];
    const takeAlls: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      baselines.push(await baselineRead());
      const column = await api<Totals>("PATCH", choicesPath, { column: { field: "msrp", keep: true } });
      check(column.data.choices.changesKept === styleCount, "Keep every old MSRP kept not every MSRP");
      columns.push(column.elapsed);
      const takeAll = await api<Totals>("PATCH", choicesPath, { takeAll: true });
      check(
        takeAll.data.choices.changesKept === 0 && takeAll.data.choices.changesTaken === styleCount * 1.5,
        "Take all left a change kept",
      );
      takeAlls.push(takeAll.elapsed);
    }
    const requestBaseline = { name: "GET /api/brands", value: median(baselines) };
    rows.push(
      {
        figure: `preview summary, GET (${count} styles)`,
        value: median(summaries),
        unit: "ms",
        baseline: requestBaseline,
      },
      {
        figure: `one choice click, PATCH …/choices (median of ${clickCount})`,
        value: median(clicks),
        unit: "ms",
        goal: 100,
        baseline: requestBaseline,
      },
      {
        figure: `"Keep every old MSRP" over ${count} styles, one request`,
        value: median(columns),
        unit: "ms",
        baseline: requestBaseline,
      },
      {
        figure: `"Take all" over ${count} styles`,
        value: median(takeAlls),
        unit: "ms",
        baseline: requestBaseline,
      },
    );

    // (d) A change set's two ends on a save of every style's MSRP, each round rolled back.
    const ends = { snapshot: [] as number[], start: [] as number[], finish: [] as number[] };
    await db
      .transaction(async (tx) => {
        const products = Array.from({ length: styleCount }, (_, index) => changeSetStyle("BENCH", index));
        const codes = products.map((product) => product.modelCode);
        const lineList = await createLineListInTransaction(
          tx,
          {
            brandId,
            name: "Change set bench",
            stage: "saved",
            products,
            catalogs: { athletic: codes.slice(0, styleCount / 2), crocs: codes.slice((styleCount * 2) / 5) },
          },
          null,
        );
        for (let round = 0; round <= rounds; round += 1) {
          await tx
            .transaction(async (savepoint) => {
              const [, snapshot] = await time(() => takeSnapshot(savepoint, lineList.id));
              const [changeSet, start] = await time(() => startChangeSet(savepoint, lineList.id));
              await savepoint.execute(
                sql`update line_list_items set msrp = '99.99' where line_list_id = ${lineList.id}`,
              );
              const [, finish] = await time(() =>
                changeSet.finish({
                  kind: "update",
                  uploadId: null,
                  fileName: "Bench.xlsx",
                  actorUserId: null,
                }),
              );
              // Round 0 warms up.
              if (round > 0) {
                ends.snapshot.push(snapshot);
                ends.start.push(start);
                ends.finish.push(finish);
              }
              throw new Rollback();
            })
            .catch(rolledBack);
        }
        throw new Rollback();
      })
      .catch(rolledBack);
    const snapshotBaseline = { name: "reading the line list's snapshot", value: median(ends.snapshot) };
    rows.push(
      {
        figure: `change set start, ${count}-style line list (median of ${rounds})`,
        value: median(ends.start),
        unit: "ms",
        baseline: snapshotBaseline,
      },
      {
        figure: `change set finish, every MSRP changed (median of ${rounds})`,
        value: median(ends.finish),
        unit: "ms",
        baseline: snapshotBaseline,
      },
    );

    // (e) Undo of a save of `styleCount` new styles, then undo of that undo, over HTTP.
    const undoList = await createLineList(db, { brandId, name: "Undo bench", stage: "saved" }, null);
    const saveId = await seedNewStylesSave(db, { brandId, lineListId: undoList.id, styleCount });
    // Each round undoes the newest save: the undo removes the styles, the undo of that undo restores them.
    const removals: number[] = [];
    const restorations: number[] = [];
    let newest = saveId;
    for (let round = 0; round < rounds; round += 1) {
      baselines.push(await baselineRead());
      const undo = await api<UndoSaveData>("POST", lineListSavesApiPaths.undo(undoList.id, newest), {});
      check(undo.data.save?.counts.removed === styleCount, "the undo did not remove every style");
      removals.push(undo.elapsed);
      const redo = await api<UndoSaveData>(
        "POST",
        lineListSavesApiPaths.undo(undoList.id, undo.data.save!.id),
        {},
      );
      check(redo.data.save?.counts.added === styleCount, "the undo's undo did not restore every style");
      restorations.push(redo.elapsed);
      newest = redo.data.save!.id;
    }
    const undoAnchor = { name: "GET /api/brands", value: median(baselines) };
    rows.push(
      {
        figure: `undo of a ${count}-new-style save, POST …/undo (median of ${rounds})`,
        value: median(removals),
        unit: "ms",
        baseline: undoAnchor,
      },
      {
        figure: `undo of that undo, ${count} styles back (median of ${rounds})`,
        value: median(restorations),
        unit: "ms",
        baseline: undoAnchor,
      },
    );

    // (f) The mapping step's live preview: 400 rows of the Crocs template, 20 styles read.
    const sampleRows = [
      [
        "Franchise",
        "Silhouette",
        "Model Code",
        "Color",
        "MSRP",
        "Image URLs",
        "Comfort Level",
        "Size",
        "SKU",
      ],
      ...Array.from({ length: 400 }, (_, index) => [
        "Classic",
        "Clog",
        `S-${Math.floor(index / 10)}`,
        "Black",
        49.99,
        "https://images.example.com/a.jpg",
        "Iconic",
        String(4 + (index % 10)),
        String(100_000_000 + index),
      ]),
    ];
    const sheet = { name: "Spring 2027", rows: sampleRows };
    const live: number[] = [];
    const whole: number[] = [];
    for (let run = 0; run < 25; run += 1) {
      let started = performance.now();
      const preview = readMappedSheet(sheet, crocsMapping, { maxStyles: 20 });
      const liveMs = performance.now() - started;
      check(preview.ok && preview.styles.length === 20, "the live preview did not read 20 styles");
      started = performance.now();
      const all = readMappedSheet(sheet, crocsMapping);
      const wholeMs = performance.now() - started;
      check(all.ok && all.styles.length === 40, "the whole read did not read 40 styles");
      // The first 5 warm up.
      if (run >= 5) {
        live.push(liveMs);
        whole.push(wholeMs);
      }
    }
    rows.push({
      figure: "live preview, readMappedSheet maxStyles 20 on 400 rows (median of 20)",
      value: median(live),
      unit: "ms",
      goal: 200,
      baseline: { name: "readMappedSheet of all 400 rows", value: median(whole) },
    });
  } finally {
    await app.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const table = [
  "| Figure | Measured | Goal | On goal | Baseline (same run) | Ratio |",
  "| --- | --: | --- | --- | --- | --: |",
  ...rows.map((row) =>
    [
      "",
      row.figure,
      ms(row.value),
      row.goal === undefined ? "" : `< ${row.goal} ms`,
      row.goal === undefined ? "" : row.value < row.goal ? "yes" : "**no**",
      `${row.baseline.name} ${ms(row.baseline.value)}`,
      `${(row.value / row.baseline.value).toFixed(1)}×`,
      "",
    ]
      .join(" | ")
      .trim(),
  ),
].join("\n");
console.log(
  `\ndatabase: ${values["database-url"] ? "PostgreSQL server" : "embedded (PGlite, in this process)"}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
console.log(table);

const anchor = (row: Row) =>
  `${row.baseline.name} ${ms(row.baseline.value)} (${(row.value / row.baseline.value).toFixed(1)}×)`;
const headline = (row: Row | undefined): BenchFigure[] =>
  row
    ? [
        {
          figure: row.figure,
          value: row.value,
          unit: row.unit,
          ...(row.goal === undefined ? {} : { atMost: row.goal }),
          anchor: anchor(row),
        },
      ]
    : [];
await recordFigures("review", [
  ...headline(rows.find((row) => row.figure.startsWith("one choice click"))),
  ...headline(rows.find((row) => row.figure.startsWith('"Keep every old MSRP"'))),
  ...headline(rows.find((row) => row.figure.startsWith("undo of a"))),
  ...headline(rows.find((row) => row.figure.startsWith("live preview"))),
]);
process.exit(0);
