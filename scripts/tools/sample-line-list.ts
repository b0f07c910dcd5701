// Writes a valid Crocs line list workbook with realistic sample data, for demos, tests and
// benchmarks: npm run sample:line-list -- --styles 5000 [--xls] [--out path] [--season Fall]
// [--year 2027] [--seed 1] [--instructions]. The downloadable template is made with
// --styles 3 --instructions --out apps/web/public/templates/crocs-line-list-template.xlsx.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeSampleLineList } from "../../apps/server/src/modules/file-processing/sample-line-list.ts";

const { values } = parseArgs({
  options: {
    styles: { type: "string", default: "20" },
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
if (values.xls && styles > 6_000) throw new Error("--xls holds at most 6,000 styles (65,536 rows)");

const format = values.xls ? "xls" : "xlsx";
const out = path.resolve(
  values.out ?? path.join("data", "samples", `crocs-line-list-${styles}-styles.${format}`),
);
const started = performance.now();
const workbook = await writeSampleLineList({
  styles,
  year,
  seed,
  season: values.season,
  format,
  instructions: values.instructions,
});
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, workbook.bytes);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${out}: ${workbook.styles} styles, ${workbook.rows} rows, ${workbook.bytes.length} bytes, in ${seconds} s`,
);
