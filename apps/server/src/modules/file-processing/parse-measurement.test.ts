import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { describe, expect, it } from "vitest";
import { parseLineListFile } from "./parse-line-list-file.ts";
import { writeSampleLineList } from "./sample-line-list.ts";

// Not a pass/fail check: prints what a 5,000-style line list (about 50,000 rows) costs, as the
// upload's benchmark will, so a regression shows in the test output.
describe("a 5,000-style line list", () => {
  it("is parsed, and what it costs is printed", async () => {
    const writeStarted = performance.now();
    const { bytes, rows } = await writeSampleLineList({ styles: 5_000 });
    const writeMs = performance.now() - writeStarted;

    // The process's resident memory while the worker parses (the writer's own peak comes before).
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const result = await parseLineListFile({ mapping: crocsMapping, fileName: "big.xlsx", bytes });
    const parseMs = performance.now() - started;
    clearInterval(sampler);

    expect(result).toMatchObject({ ok: true, rowCount: rows });
    expect(result.ok && result.styles).toHaveLength(5_000);
    const mb = (value: number) => `${Math.round(value / 1024 / 1024)} MB`;
    console.info(
      `5,000 styles, ${rows} rows, ${mb(bytes.length)} file: written by exceljs in ${(writeMs / 1000).toFixed(1)} s; ` +
        `parsed in ${(parseMs / 1000).toFixed(1)} s; RSS ${mb(rssBefore)} before, ${mb(peakRss)} at most while parsing`,
    );
  }, 120_000);
});
