// Writes a valid line list with realistic sample data, for demos, tests and benchmarks:
// npm run sample:line-list -- --styles 5000 [--layout crocs] [--xls] [--out path] [--season Fall]
// [--year 2027] [--seed 1] [--instructions]. Layouts (sample-line-list.ts): `crocs` (the default,
// the Crocs template), `size-columns` (a Hey Dude-like line sheet with a column per size),
// `csv-semicolon` (a Skechers-like semicolon CSV with decimal commas, Windows-1252) and
// `one-size` (a Pandora-like jewellery list). The downloadable template is made with
// --styles 3 --instructions --out apps/web/public/templates/crocs-line-list-template.xlsx.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  sampleLayoutBrands,
  sampleLayouts,
  type SampleLayout,
  writeSampleLineList,
} from "../../apps/server/src/modules/file-processing/sample-line-list.ts";

const { values } = parseArgs({
  options: {
    styles: { type: "string", default: "20" },
    layout: { type: "string", default: "crocs" },
    xls: { type: "boolean", default: false },
    out: { type: "string" },
    season: { type: "string", default: "Spring" },
    year: { type: "string", default: "2027" },
    seed: { type: "string", default: "1" },
    instructions: { type: "boolean", default: false },
  },
});

const styles = Number(values.styles);
const year = Number(values.year);
const seed = Number(values.seed);
if (!Number.isInteger(styles) || styles < 1) throw new Error("--styles must be a whole number of at least 1");
if (!/^\d{4}$/.test(String(values.year))) throw new Error("--year must have 4 digits");
if (!Number.isInteger(seed) || seed < 1) throw new Error("--seed must be a whole number of at least 1");
// A .xls sheet holds at most 65,536 rows, and styles average under 10 sizes.
const layout = values.layout as SampleLayout;
if (!sampleLayouts.includes(layout)) throw new Error(`--layout must be one of ${sampleLayouts.join(", ")}`);
if (values.xls && layout === "csv-semicolon")
  throw new Error("--xls writes a workbook: not with --layout csv-semicolon");
if (values.instructions && layout !== "crocs") throw new Error("--instructions is the Crocs template's");
if (values.xls && styles > 6_000) throw new Error("--xls holds at most 6,000 styles (65,536 rows)");

const format = values.xls ? "xls" : "xlsx";
const extension = layout === "csv-semicolon" ? "csv" : format;
const brand = sampleLayoutBrands[layout].toLowerCase().replaceAll(" ", "-");
const out = path.resolve(
  values.out ?? path.join("data", "samples", `${brand}-line-list-${styles}-styles.${extension}`),
);
const started = performance.now();
const workbook = await writeSampleLineList({
  styles,
  year,
  seed,
  season: values.season,
  format,
  layout,
  instructions: values.instructions,
});
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, workbook.bytes);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${out}: ${workbook.styles} styles, ${workbook.rows} rows, ${workbook.bytes.length} bytes, in ${seconds} s`,
);
