// Every benchmark in one run:
//   npm run bench [-- --quick] [--report docs/bench/summary.md]
//
// Runs, one after the other on this machine: the server's start memory (bench:start), the
// line list import (bench:import), the large databases (bench:database, 10,000 and 1,000,000
// products on the PostgreSQL server at 127.0.0.1), the mixed load (bench:mixed), reviewing a
// 5,000-style re-upload and undoing a save (bench:review), scrolling the long lists
// (bench:scroll, which builds the app) and the JavaScript each budgeted page loads
// (e2e/bundle-budget.spec.ts, on that build). Each records its headline figures through
// support/summary.ts; this script then prints them in one table, each beside its goal and the anchor measured in the same run, and writes the table to `--report`. Each
// benchmark's own report (docs/bench/*.md) is rewritten on the way. `--quick` shrinks every run
// (100,000 products instead of 1,000,000, one import round, 20 s of mixed load): a try-out of
// the whole chain, not figures to quote. The exit code is 1 when a benchmark failed.
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatMarkdown, type RecordedFigure } from "./support/summary.ts";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    report: { type: "string", default: "docs/bench/summary.md" },
  },
});
const quick = values.quick;

/** Each benchmark as an npm script of package.json (so its Node flags stay in one place). */
const benches: { name: string; command: string[] }[] = [
  { name: "start", command: ["npm", "run", "bench:start"] },
  { name: "import", command: ["npm", "run", "bench:import", "--", ...(quick ? ["--rounds", "1"] : [])] },
  {
    name: "database",
    command: [
      "npm",
      "run",
      "bench:database",
      "--",
      ...(quick ? ["--sizes", "10000,100000", "--duration", "5"] : []),
    ],
  },
  { name: "mixed", command: ["npm", "run", "bench:mixed", "--", ...(quick ? ["--duration", "20"] : [])] },
  {
    name: "review",
    command: ["npm", "run", "bench:review", "--", ...(quick ? ["--clicks", "7", "--rounds", "1"] : [])],
  },
  { name: "scroll", command: ["npm", "run", "bench:scroll"] },
  { name: "pages", command: ["playwright", "test", "e2e/bundle-budget.spec.ts"] },
];

const work = await mkdtemp(path.join(os.tmpdir(), "cm-bench-"));
const summaryFile = path.join(work, "figures.jsonl");
const failed: string[] = [];
const startedAt = new Date();
const loadAtStart = os.loadavg()[0]!;
try {
  for (const bench of benches) {
    console.log(`\n=== ${bench.name}: ${bench.command.join(" ")}\n`);
    const [command, ...args] = bench.command as [string, ...string[]];
    const { status } = spawnSync(command, args, {
      stdio: "inherit",
      env: { ...process.env, BENCH_SUMMARY: summaryFile },
    });
    if (status !== 0) failed.push(`${bench.name} (exit ${status})`);
  }
  // No file: no benchmark got as far as recording a figure.
  const figures = (
    await readFile(summaryFile, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    })
  )
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedFigure);
  await writeReport(figures);
} finally {
  await rm(work, { recursive: true, force: true });
}
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.join(", ")}`);
  process.exitCode = 1;
}

function shown(value: number, unit: RecordedFigure["unit"]): string {
  const digits = unit === "×" || unit === "s" ? 2 : 0;
  const number = value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === "" ? number : unit === "×" ? `${number}×` : `${number} ${unit}`;
}

async function writeReport(figures: RecordedFigure[]): Promise<void> {
  const rows = figures.map((figure) => [
    figure.bench,
    figure.figure,
    shown(figure.value, figure.unit),
    figure.atMost === undefined ? "" : `≤ ${shown(figure.atMost, figure.unit)}`,
    figure.atMost === undefined ? "" : figure.value <= figure.atMost ? "yes" : "**no**",
    figure.anchor ?? "",
  ]);
  const escape = (cell: string) => cell.replaceAll("|", "\\|");
  const table = [
    "| Bench | Figure | Measured | Goal | On goal | Anchor (same run) |",
    "| --- | --- | --: | --- | --- | --- |",
    ...rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ].join("\n");
  const markdown = [
    "# Every benchmark in one run: `npm run bench`",
    "",
    `Run ${startedAt.toISOString()} to ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end)${quick ? ", `--quick` (shrunk runs: not figures to quote)" : ""}.${failed.length > 0 ? ` Failed: ${failed.join(", ")}.` : ""} Each benchmark's own report is in this folder; docs/performance.md reads the figures.`,
    "",
    table,
    "",
  ].join("\n");
  const formatted = await formatMarkdown(markdown, values.report);
  console.log(`\n${formatted}`);
  await writeFile(values.report, formatted);
  console.log(`report: ${values.report}`);
}
