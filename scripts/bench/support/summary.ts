// The figures `npm run bench` (scripts/bench/all.ts) gathers from each benchmark into one table:
// every benchmark records its headline figures here, beside their goal and the anchor measured in
// the same run. Without BENCH_SUMMARY (a benchmark run alone) recording does nothing.
import { appendFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";

export interface BenchFigure {
  /** What was measured, as the summary table names it. */
  figure: string;
  value: number;
  unit: "ms" | "s" | "MB" | "KB" | "×" | "";
  /** The goal, when the figure has one: at most this value. */
  atMost?: number;
  /** What the figure is read against, measured in the same run, e.g. "SheetJS alone 4.57 s". */
  anchor?: string;
}

export interface RecordedFigure extends BenchFigure {
  bench: string;
}

/** Appends `figures` of `bench` to the file BENCH_SUMMARY names, one JSON line each. */
export async function recordFigures(bench: string, figures: readonly BenchFigure[]): Promise<void> {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  await appendFile(file, figures.map((figure) => `${JSON.stringify({ bench, ...figure })}\n`).join(""));
}

/**
 * Markdown as prettier lays it out with the project's settings for `reportPath`, so a report
 * passes `npm run format:check` as written.
 */
export async function formatMarkdown(markdown: string, reportPath: string): Promise<string> {
  return format(markdown, { ...(await resolveConfig(reportPath)), parser: "markdown" });
}
