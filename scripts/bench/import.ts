// Import benchmark:
//   npm run bench:import [-- --styles 5000] [--rounds 3] [--settle-ms 15000] [--database-url postgres://.../empty_db]
//
// Generates a Crocs line list of 5,000 styles (about 50,000 SKU rows) with the parser module's
// sample generator (in a child process, so its memory does not count here), then measures in one
// run, alternating over a few rounds so both see the same machine load:
//   (b) the whole pipeline through HTTP on a real listening server with a temporary DATA_DIR:
//       presign -> PUT -> process -> preview ready (summary and first page of styles);
//   (a) SheetJS alone reading the same file to rows (XLSX.read + sheet_to_json);
//   (c) the same upload through the built web app in Chromium, as staff make it: the file chosen
//       in the brand's Upload Line List dialog, then from the Upload click to the preview page
//       showing its first styles (`npm run bench:import` builds the web app first).
// (a) runs in a child process. It prints both times (medians), their ratio (b / a) and the peak RSS
// of this process during the pipeline: it holds the whole server, the parse worker and, by
// default, the embedded database. Before each round it waits (up to --settle-ms) for the resident
// size to stop falling, so a round does not start on the previous one's leftovers.
// Goals (docs/performance.md): both ratios at most 1.2, the whole import at most 2 s, the peak
// RSS at most 400 MB.
// In the same rounds it measures two other brands' files the same way as (b), presign to preview
// ready over HTTP (issue 32): (d) a 5,000-style sizes-as-columns workbook of Hey Dude and (e) a
// CSV of 5,000 Skechers styles in 50,000 rows (semicolons, decimal commas), each printed with its
// ratio to (b) (goal: at most 1.5). Each brand's mapping is confirmed once before the rounds (the
// inspect answer's proposal, as the "Map columns" step offers it), so the rounds' uploads go
// straight to the preview as a brand's later uploads do; the inspect call the web app makes first
// is timed apart and shown beside.
import { execFile, execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import * as XLSX from "@e965/xlsx";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { contentTypeForFileName, type PresignUploadData } from "@cm/contracts/uploads";
import { benchServerArgs, initOnlyAndExit, startBenchServer } from "./support/server.ts";
import { recordFigures } from "./support/summary.ts";
import { memoryOf } from "./support/proc-memory.ts";

const { values } = parseArgs({
  options: {
    styles: { type: "string", default: "5000" },
    ...benchServerArgs,
    rounds: { type: "string", default: "3" },
    // How long to wait at most, before each round, for the resident size to stop falling (0: not at all).
    "settle-ms": { type: "string", default: "15000" },
    // Internal: measure (a) on this file in this (child) process and print it as JSON.
    "sheetjs-only": { type: "string" },
    // Internal: measure (c) on this file in this (child) process, against --address's brand
    // --brand-id, and print it as JSON.
    "browser-only": { type: "string" },
    address: { type: "string" },
    "brand-id": { type: "string" },
  },
});

if (values["init-only"]) await initOnlyAndExit(values["init-only"], values["database-url"]);

if (values["sheetjs-only"]) {
  const input = await readFile(values["sheetjs-only"]);
  const started = performance.now();
  const workbook = XLSX.read(input, { type: "buffer", dense: true, cellDates: true });
  const rows = XLSX.utils.sheet_to_json(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1 });
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, rows: rows.length, peak: process.resourceUsage().maxRSS * 1024 }));
  process.exit(0);
}
if (values["browser-only"]) {
  // Playwright's client lives here, not in the measured server's process: it keeps objects for
  // each of the page's requests, which the server's figures would otherwise count.
  const { chromium } = await import("playwright-core");
  const { chromiumLaunchOptions } = await import("../../playwright.config.ts");
  const { signedInStorageState } = await import("../../e2e/support/sign-in.ts");
  const address = values.address!;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      baseURL: address,
      storageState: await signedInStorageState(address),
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`/home/brand/${values["brand-id"]}/line-lists`);
    await page.getByRole("button", { name: "Upload Line List" }).click();
    const dialog = page.getByRole("dialog", { name: /upload/i });
    await dialog.getByLabel("Line list type").click();
    await page.getByRole("option", { name: "Own Stock", exact: true }).click();
    await dialog.getByLabel(/Choose a workbook/).setInputFiles(values["browser-only"]);
    await dialog.getByRole("region", { name: "First rows of the file" }).waitFor();
    const started = performance.now();
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(/\/home\/line-list\/preview\/\d+$/, { timeout: 120_000 });
    // The table's first style row (row 1 is its header).
    await page
      .getByRole("region", { name: "Styles" })
      .locator('tr[aria-rowindex="2"]')
      .waitFor({ timeout: 120_000 });
    const ms = performance.now() - started;
    console.log(JSON.stringify({ ms, lineListId: Number(page.url().split("/").at(-1)) }));
  } finally {
    await browser.close();
  }
  process.exit(0);
}

const styles = Number(values.styles);
const rounds = Number(values.rounds);
const settleMs = Number(values["settle-ms"]);
const repoRoot = path.resolve(import.meta.dirname, "../..");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Linux: the peak RSS since the last reset (VmHWM), and its reset, so one phase can be measured. */
async function highWaterMark(): Promise<number | undefined> {
  try {
    const { peak } = await memoryOf("self");
    return Number.isNaN(peak) ? undefined : peak;
  } catch (error) {
    // No /proc: not Linux, no figure.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
async function resetHighWaterMark(): Promise<boolean> {
  try {
    await writeFile("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

const work = await mkdtemp(path.join(os.tmpdir(), "cm-bench-import-"));
/** A sample line list of `layout`, written in a child process (its memory is not the server's). */
function writeSample(layout: string, out: string) {
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, "scripts/tools/sample-line-list.ts"),
      "--styles",
      String(styles),
      "--layout",
      layout,
      "--out",
      out,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
}
try {
  // The workbook, written by exceljs in a child process.
  const file = path.join(work, `crocs-line-list-${styles}-styles.xlsx`);
  writeSample("crocs", file);
  const bytes = await readFile(file);
  const fileName = path.basename(file);
  // The other brands' files: sizes as columns (Hey Dude) and a semicolon CSV (Skechers).
  const otherFiles = [
    {
      key: "d",
      label: "sizes-as-columns workbook",
      brandName: "Hey Dude",
      layout: "size-columns",
      extension: "xlsx",
    },
    { key: "e", label: "semicolon CSV", brandName: "Skechers", layout: "csv-semicolon", extension: "csv" },
  ].map((other) => {
    const out = path.join(work, `${other.brandName} line list ${styles} styles.${other.extension}`);
    writeSample(other.layout, out);
    return { ...other, file: out };
  });

  // A real server on an ephemeral port, with its own DATA_DIR (embedded database, storage).
  const dataDir = path.join(work, "data");
  // The first start (creating the embedded database, migrating, seeding) happens once in a
  // server's life, in a child process here; the measured server starts on the prepared data as
  // a restarted server does.
  const { app, address, auth } = await startBenchServer(
    import.meta.filename,
    dataDir,
    values["database-url"],
  );
  try {
    const startupPeak = peakRss();
    const api = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok)
        throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
      return response;
    };
    const brands = (await (await api("GET", "/api/brands")).json()).data as { id: number; name: string }[];
    const crocs = brands.find((brand) => brand.name === "Crocs")!;
    const brandNamed = (name: string) => {
      const brand = brands.find((candidate) => candidate.name === name);
      if (!brand) throw new Error(`The seed has no brand ${name}`);
      return brand;
    };

    interface Upload {
      brand: { id: number; name: string };
      bytes: Buffer<ArrayBuffer>;
      fileName: string;
    }

    /** Presign and PUT: the file stored under the key the answer gives. */
    async function store({ brand, bytes: body, fileName: name }: Upload): Promise<string> {
      const presigned = (
        await (
          await api("POST", "/api/uploads/get-presigned-upload-url", {
            fileKey: name,
            fileSize: body.length,
            contentType: contentTypeForFileName(name),
            metadata: { brandId: brand.id, lineListType: "own-stock" },
          })
        ).json()
      ).data as PresignUploadData;
      const put = await fetch(presigned.presignedUrl, { method: "PUT", headers: presigned.headers, body });
      if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
      return presigned.fileKey;
    }

    async function inspect(upload: Upload, key: string): Promise<InspectUploadData> {
      return (
        await (
          await api("POST", "/api/uploads/inspect", {
            key,
            fileName: upload.fileName,
            brandId: upload.brand.id,
          })
        ).json()
      ).data as InspectUploadData;
    }

    async function processStored(upload: Upload, key: string, mapping?: InspectUploadData["mapping"]) {
      const processed = await api("POST", "/functions/process-line-list", {
        brand: upload.brand.name,
        brandId: upload.brand.id,
        type: "own-stock",
        fileName: upload.fileName,
        key,
        action: "new",
        ...(mapping ? { mapping } : {}),
      });
      return JSON.parse(await processed.text()) as number;
    }

    /**
     * A brand's first upload of a layout, untimed: the file inspected, the mapping the "Map
     * columns" step proposes confirmed (with the season it suggests, where the sheet's name does
     * not say it), the preview discarded. The brand's later uploads of the layout need no question.
     */
    async function confirmMapping(upload: Upload) {
      const key = await store(upload);
      const inspection = await inspect(upload, key);
      const mapping = { ...inspection.mapping };
      if (!inspection.seasonFromSheet && !mapping.season)
        mapping.season = inspection.suggestedSeason ?? { season: "Spring", year: 2027 };
      const lineListId = await processStored(upload, key, mapping);
      await api("DELETE", `/api/crocs/discard-uploaded-data/${lineListId}`);
    }

    /**
     * presign -> PUT -> process -> preview ready, through HTTP; then discarded for the next round.
     * (b) for the Crocs workbook; (d) and (e) for the other brands', which also time the inspect
     * call the web app makes between the PUT and the processing (`inspect`, not in `ms`).
     */
    async function pipeline(
      upload: Upload = { brand: crocs, bytes, fileName },
      options = { inspect: false },
    ) {
      const started = performance.now();
      const key = await store(upload);
      const afterPut = performance.now();
      let inspectMs = 0;
      if (options.inspect) {
        const inspection = await inspect(upload, key);
        inspectMs = performance.now() - afterPut;
        if (inspection.status !== "matches")
          throw new Error(`${upload.fileName}: the saved mapping does not match (${inspection.status})`);
      }
      const beforeProcess = performance.now();
      const lineListId = await processStored(upload, key);
      const afterProcess = performance.now();
      const summary = (await (await api("GET", `/api/crocs/preview/${lineListId}`)).json()).data;
      const page = (await (await api("GET", `/api/crocs/preview/${lineListId}/styles?pageSize=100`)).json())
        .data;
      const finished = performance.now();
      if (summary.counts.all !== styles || page.length !== Math.min(100, styles)) {
        throw new Error(`unexpected preview: ${JSON.stringify(summary.counts)}, ${page.length} rows`);
      }
      await api("DELETE", `/api/crocs/discard-uploaded-data/${lineListId}`);
      return {
        ms: finished - started - inspectMs,
        upload: afterPut - started,
        inspect: inspectMs,
        process: afterProcess - beforeProcess,
        preview: finished - afterProcess,
        skuRows: summary.rowCount as number,
      };
    }

    const others = await Promise.all(
      otherFiles.map(async (other) => ({
        ...other,
        upload: {
          brand: brandNamed(other.brandName),
          bytes: await readFile(other.file),
          fileName: path.basename(other.file),
        },
      })),
    );
    for (const other of others) await confirmMapping(other.upload);

    /**
     * (c) through the browser, in a child process (Chromium and Playwright's client apart from the
     * server): a new signed-in page opens the brand's line lists, chooses the type and the file in
     * the Upload Line List dialog (whose first-rows preview reads only what it shows), then is
     * timed from the Upload click to the preview page's first style row. The preview is discarded
     * after it, as (b)'s is. Asynchronous: the server in this process answers the page meanwhile.
     */
    async function throughBrowser(): Promise<number> {
      const { stdout } = await promisify(execFile)(process.execPath, [
        import.meta.filename,
        "--browser-only",
        file,
        "--address",
        address,
        "--brand-id",
        String(crocs.id),
      ]);
      const { ms, lineListId } = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
        ms: number;
        lineListId: number;
      };
      await api("DELETE", `/api/crocs/discard-uploaded-data/${lineListId}`);
      return ms;
    }

    /** (a) SheetJS alone, same file, to rows: in a child process, so its memory is not the server's. */
    function sheetJsAlone(): { ms: number; rows: number; peak: number } {
      const output = execFileSync(process.execPath, [import.meta.filename, "--sheetjs-only", file], {
        encoding: "utf8",
      });
      return JSON.parse(output.trim().split("\n").at(-1)!);
    }

    /**
     * Waits (up to `--settle-ms`) until the resident size stops falling: the parse worker's heap
     * pages, and the start's, go back to the system a few seconds after the worker ends (V8 keeps
     * them pooled meanwhile), so back-to-back rounds would otherwise each start on the previous
     * one's leftovers. Uploads are minutes or hours apart on a real server.
     */
    async function settle(): Promise<{ from: number; to: number }> {
      const from = process.memoryUsage().rss;
      const deadline = performance.now() + settleMs;
      let last = from;
      let steady = 0;
      // Settled: three seconds in a row without falling by 2 MB or more.
      while (steady < 3 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        globalThis.gc?.();
        const now = process.memoryUsage().rss;
        steady = last - now < 2 * 1024 * 1024 ? steady + 1 : 0;
        last = now;
      }
      return { from, to: last };
    }

    /** Runs a phase with the peak RSS reset before it: its peak, and what was resident before. */
    async function measured<T>(phase: () => T | Promise<T>) {
      globalThis.gc?.();
      const settled = await settle();
      const before = process.memoryUsage().rss;
      const reset = await resetHighWaterMark();
      const result = await phase();
      const peak = (reset ? await highWaterMark() : undefined) ?? peakRss();
      return { result, before, peak, settled };
    }

    // Alternating rounds, so both measures see the same machine load (other work on a shared box).
    const pipelines: Awaited<ReturnType<typeof measured<Awaited<ReturnType<typeof pipeline>>>>>[] = [];
    const sheetJs: ReturnType<typeof sheetJsAlone>[] = [];
    const browserMs: number[] = [];
    const otherRuns = others.map(
      () => [] as Awaited<ReturnType<typeof measured<Awaited<ReturnType<typeof pipeline>>>>>[],
    );
    const split = (run: Awaited<ReturnType<typeof pipeline>>) =>
      `upload ${seconds(run.upload)}, process ${seconds(run.process)}, preview ${seconds(run.preview)}`;
    for (let round = 1; round <= rounds; round += 1) {
      pipelines.push(await measured(() => pipeline()));
      sheetJs.push(sheetJsAlone());
      await settle();
      browserMs.push(await throughBrowser());
      const [b, a, c] = [pipelines.at(-1)!, sheetJs.at(-1)!, browserMs.at(-1)!];
      console.log(
        `round ${round}: (a) ${seconds(a.ms)}  (b) ${seconds(b.result.ms)} (${split(b.result)})  ratio ${(b.result.ms / a.ms).toFixed(2)}  RSS ${mb(b.before)} (settled from ${mb(b.settled.from)}) -> peak ${mb(b.peak)}  (c) ${seconds(c)} ratio ${(c / a.ms).toFixed(2)}`,
      );
      for (const [index, other] of others.entries()) {
        const run = await measured(() => pipeline(other.upload, { inspect: true }));
        otherRuns[index]!.push(run);
        console.log(
          `         (${other.key}) ${other.brandName} ${other.label}: ${seconds(run.result.ms)} (${split(run.result)}; inspect before it ${seconds(run.result.inspect)})  ÷ (b) ${(run.result.ms / b.result.ms).toFixed(2)}  peak ${mb(run.peak)}`,
        );
      }
    }

    const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
    const aMs = median(sheetJs.map((run) => run.ms));
    const bMs = median(pipelines.map((run) => run.result.ms));
    const cMs = median(browserMs);
    const worst = pipelines.reduce((max, run) => (run.peak > max.peak ? run : max));
    const sheetJsPeak = Math.max(...sheetJs.map((run) => run.peak));
    console.log("");
    console.log(
      `workbook:            ${styles} styles, ${pipelines[0]!.result.skuRows} SKU rows, ${(bytes.length / 1024).toFixed(0)} KB`,
    );
    console.log(
      `database:            ${app.database.kind === "pglite" ? "embedded (PGlite, in this process)" : "PostgreSQL server"}`,
    );
    console.log(`(a) SheetJS alone:   ${seconds(aMs)} (median of ${rounds})`);
    console.log(`(b) whole pipeline:  ${seconds(bMs)} (median of ${rounds})`);
    console.log(`ratio (b / a):       ${(bMs / aMs).toFixed(2)} (target <= 1.2)`);
    console.log(`(c) in the browser:  ${seconds(cMs)} (median of ${rounds}), Upload click to preview shown`);
    console.log(`ratio (c / a):       ${(cMs / aMs).toFixed(2)} (target <= 1.2)`);
    console.log(
      `peak RSS:            ${mb(worst.peak)} during the pipeline (target <= 400 MB): ${mb(worst.before)} resident before it, ${mb(worst.peak - worst.before)} for the import`,
    );
    console.log(
      `                     for comparison: SheetJS alone peaks at ${mb(sheetJsPeak)} in its own process; the server's (second) start peaked at ${mb(startupPeak)}`,
    );
    const otherFigures = others.map((other, index) => {
      const runs = otherRuns[index]!;
      const ms = median(runs.map((run) => run.result.ms));
      const inspectMs = median(runs.map((run) => run.result.inspect));
      const peak = Math.max(...runs.map((run) => run.peak));
      return { ...other, ms, inspectMs, peak, skuRows: runs[0]!.result.skuRows };
    });
    for (const other of otherFigures) {
      const bytesOf = (other.upload.bytes.length / 1024).toFixed(0);
      console.log(
        `(${other.key}) ${other.brandName} ${other.label}: ${styles} styles, ${other.skuRows} rows, ${bytesOf} KB; ${seconds(other.ms)} (median of ${rounds}), presign to preview ready; peak RSS ${mb(other.peak)}`,
      );
      console.log(
        `ratio (${other.key} / b):       ${(other.ms / bMs).toFixed(2)} (target <= 1.5); with the inspect call before processing (${seconds(other.inspectMs)}): ${((other.ms + other.inspectMs) / bMs).toFixed(2)}`,
      );
    }
    const sheetJsAnchor = `SheetJS alone ${seconds(aMs)}`;
    const database = app.database.kind === "pglite" ? "embedded database" : "PostgreSQL";
    await recordFigures("import", [
      {
        figure: `${styles.toLocaleString("en")}-style workbook, presign to preview ready over HTTP ÷ SheetJS alone`,
        value: bMs / aMs,
        unit: "×",
        atMost: 1.2,
        anchor: sheetJsAnchor,
      },
      {
        figure: `${styles.toLocaleString("en")}-style workbook in Chromium, Upload click to preview shown ÷ SheetJS alone`,
        value: cMs / aMs,
        unit: "×",
        atMost: 1.2,
        anchor: `${sheetJsAnchor}; in the browser ${seconds(cMs)}`,
      },
      {
        figure: `whole import of the ${styles.toLocaleString("en")}-style workbook (presign to preview ready)`,
        value: bMs / 1000,
        unit: "s",
        atMost: 2,
        anchor: `${sheetJsAnchor}; inflate and scan about 0.35 s`,
      },
      {
        figure: `server's peak during the import (${database})`,
        value: worst.peak / 1024 / 1024,
        unit: "MB",
        atMost: 400,
        anchor: `${mb(worst.before)} resident before it`,
      },
      ...otherFigures.map((other) => ({
        figure: `${other.brandName} ${other.label} (${styles.toLocaleString("en")} styles, ${other.skuRows.toLocaleString("en")} rows), presign to preview ready ÷ the Crocs workbook's`,
        value: other.ms / bMs,
        unit: "×" as const,
        atMost: 1.5,
        anchor: `Crocs workbook ${seconds(bMs)}; this file ${seconds(other.ms)}, inspect before it ${seconds(other.inspectMs)}`,
      })),
    ]);
  } finally {
    await app.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
