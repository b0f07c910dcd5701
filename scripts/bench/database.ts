// Large-database benchmark:
//   npm run bench:database [-- --sizes 10000,1000000] [--duration 10] [--rounds 2] [--connections 8]
//     [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--report docs/bench/database.md]
//     [--only name,name] [--keep] [--reuse]
//
// For each size it creates a fresh PostgreSQL database, migrates and seeds it the way the server's
// first start does (`buildApp`), then fills it set-based (`insert … select … from generate_series`):
// N Crocs products with 5 sizes each, N / 5,000 saved line lists of 5,000 items placed in their
// three catalogs, N / 5,000 customers with 5 stores each, and N / 20 orders of 20 lines spread over
// the last two years (at 1,000,000 products: 1,000,000 order lines across 50,000 orders). Once
// every size's server listens on 127.0.0.1, a load generator on a worker thread (a few `fetch`
// loops, the way autocannon keeps its connections busy) sends each endpoint's request from
// `--connections` clients at once for `--duration` seconds per size, in `--rounds` turns that
// alternate between the sizes, so that the machine's changes of pace fall on both. It prints requests per second, p50 and p99 per endpoint and
// size, the ratio of p99 at the largest size to p99 at the smallest, and writes a markdown report
// with `EXPLAIN (ANALYZE, BUFFERS)` of each endpoint's slowest queries at the largest size.
// `--keep` leaves the databases in place and `--reuse` starts from a kept one (migrating it,
// without seeding again), so a schema change can be measured without seeding a million rows anew.
// The seeding and the server's start are in support/seeded-database.ts, shared with mixed.ts.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultPageSize } from "@cm/contracts/envelope";
import pg from "pg";
import { postgresSessionSettings } from "../../apps/server/src/db/client.ts";
import { signInOverHttp } from "../../apps/server/src/testing/http-api.ts";
import {
  answerInWorker,
  inWorker,
  itemsPerLineList,
  percentile,
  seededDatabaseArgs,
  type SeededServer,
  startOnSeededDatabase,
  withClient,
} from "./support/seeded-database.ts";
import { formatMarkdown, recordFigures } from "./support/summary.ts";

/** What the load generator is asked to do, and what it answers, over the worker boundary. */
interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationMs: number;
}
interface LoadResult {
  latencies: number[];
  errors: string[];
  elapsedMs: number;
}

/** Worker side: `connections` loops each send the request again as soon as its answer is read. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  const until = started + job.durationMs;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        const response = await fetch(job.url, { headers: job.headers, signal: AbortSignal.timeout(60_000) });
        const body = await response.arrayBuffer();
        if (!response.ok) errors.push(`${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
        else latencies.push(performance.now() - sent);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, client));
  return { latencies, errors, elapsedMs: performance.now() - started };
}

await answerInWorker(runLoad);

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,1000000" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "2" },
    connections: { type: "string", default: "8" },
    ...seededDatabaseArgs,
    report: { type: "string", default: "docs/bench/database.md" },
    only: { type: "string" },
  },
});

const sizes = values.sizes.split(",").map(Number);
const durationMs = Number(values.duration) * 1000;
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const adminUrl = values["admin-url"];
interface Endpoint {
  name: string;
  url: string;
  /**
   * A list's page: how many rows it must hold at every size, read from the answer, so that each
   * size does the same work (a page past the end of the smaller database's list answers nothing).
   */
  page?: { rows: number; count: (body: unknown) => number };
}

/** The requests measured; ids are looked up in the seeded database. */
async function endpointsOf(url: string): Promise<Endpoint[]> {
  return withClient(url, async (client) => {
    const lineList = (
      await client.query<{ id: number }>(
        `select ll.id from line_lists ll where ll.stage = 'saved'
           and (select count(*) from line_list_items li where li.line_list_id = ll.id) = ${itemsPerLineList}
         order by ll.created_at desc, ll.id desc limit 1`,
      )
    ).rows[0]!.id;
    const brand = (await client.query<{ id: number }>("select id from brands where name ilike '%crocs%'"))
      .rows[0]!.id;
    return [
      { name: "line lists with catalogs info", url: "/api/line-lists/with-catalogs-info" },
      { name: "populated catalogs (5,000 items)", url: `/api/crocs/catalogs/populated/${lineList}` },
      {
        name: "line list's parent items",
        url: `/api/crocs/pre-book/populated-parent-items?lineListId=${lineList}`,
      },
      { name: 'items search "Echo"', url: "/api/crocs/items?search=Echo" },
      { name: "items search, no match", url: "/api/crocs/items?search=Zebra-no-match" },
      {
        name: "items page 150",
        url: "/api/crocs/items?page=150",
        page: { rows: defaultPageSize, count: (body) => (body as { data: unknown[] }).data.length },
      },
      {
        // At 10,000 products, 500 orders of which about 83 are pending: page 3 is full at every size.
        name: "orders, filtered, page 3",
        url: `/api/orders?status=pending&brandId=${brand}&page=3&pageSize=25`,
        page: { rows: 25, count: (body) => (body as { data: { orders: unknown[] } }).data.orders.length },
      },
      { name: "orders search, no match", url: "/api/orders?q=Nobody%20at%20all" },
      { name: "orders dashboard", url: "/api/orders/dashboard" },
    ];
  });
}

interface CapturedQuery {
  text: string;
  values: unknown[];
  ms: number;
}

/**
 * Records every statement the server sends (pool queries and those of transactions) while
 * `capturing` is set, with its time: the bench then asks PostgreSQL to explain the slowest ones.
 */
const captured: CapturedQuery[] = [];
let capturing = false;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function capture(this: pg.Client, ...args: unknown[]) {
  if (!capturing) return clientQuery.apply(this, args);
  const config = args[0] as { text?: string; values?: unknown[] } | string;
  const text = typeof config === "string" ? config : (config.text ?? "");
  // drizzle passes the parameters beside the query's config, pg's own callers inside it.
  const given = typeof config === "string" ? undefined : config.values;
  const values = (given ?? (Array.isArray(args[1]) ? args[1] : [])) as unknown[];
  const started = performance.now();
  const done = () => captured.push({ text, values, ms: performance.now() - started });
  // The pool's own `query` uses the callback form.
  const callback = args.at(-1);
  if (typeof callback === "function") {
    args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
      if (!error) done();
      return (callback as (...parameters: unknown[]) => unknown)(error, ...rest);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) void result.then(done, () => {});
  return result;
} as typeof pg.Client.prototype.query;

const explainable = /^\s*(select|with)\b/i;

/** Explained on a connection with the server's settings (no JIT), so the plans are the ones it runs. */
async function explainSlowest(url: string, queries: CapturedQuery[], count: number): Promise<string[]> {
  return withClient(url, async (client) => {
    await client.query(postgresSessionSettings);
    const slowest = queries
      .filter((query) => explainable.test(query.text))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
    const plans: string[] = [];
    for (const query of slowest) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain (analyze, buffers) ${query.text}`,
        query.values,
      );
      plans.push(
        `-- ${query.ms.toFixed(1)} ms in the request\n${query.text.trim()}\n-- parameters: ${JSON.stringify(query.values)}\n\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`,
      );
    }
    return plans;
  });
}

const load = (job: LoadJob) => inWorker<LoadJob, LoadResult>(import.meta.url, job);

interface Figures {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

interface SizeRun {
  products: number;
  seedSeconds: number;
  figures: Map<string, Figures>;
  plans: Map<string, string[]>;
}

/** A size's database, seeded, and its server listening. */
interface OpenSize {
  products: number;
  seedSeconds: number;
  server: SeededServer;
  address: string;
  endpoints: Map<string, Endpoint>;
}

const log = (line: string) => console.log(line);

async function openSize(products: number): Promise<OpenSize> {
  const server = await startOnSeededDatabase(
    {
      adminUrl,
      name: `cm_bench_database_${products}`,
      products,
      reuse: values.reuse,
      keep: values.keep,
    },
    log,
  );
  try {
    const address = await server.listen();
    const only = values.only?.split(",");
    const endpoints = (await endpointsOf(server.url)).filter(
      (endpoint) => !only || only.some((part) => endpoint.name.includes(part)),
    );
    // The seed's writes go to disk now, not in a checkpoint while another size is measured.
    await withClient(server.url, (client) => client.query("checkpoint"));
    return {
      products,
      seedSeconds: server.seedSeconds,
      server,
      address,
      endpoints: new Map(endpoints.map((endpoint) => [endpoint.name, endpoint])),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * One request alone at a size: it warms the caches, checks a list's page is full, and gives the
 * statements to explain.
 */
async function probe(size: OpenSize, endpoint: Endpoint, headers: Record<string, string>): Promise<string[]> {
  captured.length = 0;
  capturing = true;
  const response = await fetch(`${size.address}${endpoint.url}`, { headers });
  const body = await response.text();
  capturing = false;
  if (!response.ok) throw new Error(`${endpoint.url}: ${response.status}`);
  const listed = endpoint.page?.count(JSON.parse(body));
  if (endpoint.page && listed !== endpoint.page.rows) {
    throw new Error(
      `${endpoint.url} lists ${listed} rows at ${size.products} products, not a full page of ${endpoint.page.rows}`,
    );
  }
  return explainSlowest(size.server.url, [...captured], 2);
}

/**
 * Every size is seeded and listening before any is measured; then each endpoint is loaded at
 * every size in turn, `rounds` times (the order reversed every other round), and each size's
 * latencies pooled. The sizes then share the machine's ups and downs, which a run of one size
 * after the other (with a million rows seeded in between) put all on one side of the ratio.
 */
const runs: SizeRun[] = sizes.map((products) => ({
  products,
  seedSeconds: 0,
  figures: new Map(),
  plans: new Map(),
}));
const opened: OpenSize[] = [];
try {
  for (const products of sizes) opened.push(await openSize(products));
  opened.forEach((size, index) => (runs[index]!.seedSeconds = size.seedSeconds));
  const largestSize = opened.at(-1)!;
  for (const name of largestSize.endpoints.keys()) {
    const loads = opened.map(() => ({ latencies: [] as number[], errors: [] as string[], elapsedMs: 0 }));
    const headers = await Promise.all(opened.map((size) => signInOverHttp(size.address)));
    for (const [index, size] of opened.entries()) {
      const plans = await probe(size, size.endpoints.get(name)!, headers[index]!);
      if (size === largestSize) runs[index]!.plans.set(name, plans);
    }
    for (let round = 0; round < rounds; round++) {
      const order = [...opened.keys()];
      if (round % 2 === 1) order.reverse();
      for (const index of order) {
        const size = opened[index]!;
        const result = await load({
          url: `${size.address}${size.endpoints.get(name)!.url}`,
          headers: headers[index]!,
          connections,
          durationMs: durationMs / rounds,
        });
        loads[index]!.latencies.push(...result.latencies);
        loads[index]!.errors.push(...result.errors);
        loads[index]!.elapsedMs += result.elapsedMs;
      }
    }
    for (const [index, result] of loads.entries()) {
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const line = {
        requests: sorted.length,
        errors: result.errors.length,
        rps: sorted.length / (result.elapsedMs / 1000),
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
      runs[index]!.figures.set(name, line);
      log(
        `  ${opened[index]!.products.toLocaleString("en").padStart(9)} ${name.padEnd(34)} ${line.rps.toFixed(1).padStart(7)} req/s  p50 ${line.p50.toFixed(0).padStart(6)} ms  p99 ${line.p99.toFixed(0).padStart(6)} ms  (${line.requests} requests${line.errors ? `, ${line.errors} errors: ${result.errors[0]}` : ""})`,
      );
    }
  }
} finally {
  for (const size of opened) await size.server.close();
}

const smallest = runs[0]!;
const largest = runs.at(-1)!;
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "–" : value.toFixed(0);
const header = `| Endpoint | ${runs.map((run) => `${run.products.toLocaleString("en")}: req/s · p50 · p99 (ms)`).join(" | ")} | p99 ratio (goal ≤ 1.5) |`;
const rows = [...largest.figures.keys()].map((name) => {
  const cells = runs.map((run) => {
    const figures = run.figures.get(name);
    return figures ? `${figures.rps.toFixed(1)} · ${ms(figures.p50)} · ${ms(figures.p99)}` : "–";
  });
  const ratio = (largest.figures.get(name)?.p99 ?? NaN) / (smallest.figures.get(name)?.p99 ?? NaN);
  return `| ${name} | ${cells.join(" | ")} | ${Number.isNaN(ratio) ? "–" : ratio.toFixed(2)} |`;
});
const table = [header, `|${" --- |".repeat(runs.length + 2)}`, ...rows].join("\n");
await recordFigures(
  "database",
  [...largest.figures].flatMap(([name, figures]) => {
    const baseline = smallest.figures.get(name);
    if (!baseline || runs.length < 2) return [];
    return [
      {
        figure: `${name}: p99 at ${largest.products.toLocaleString("en")} ÷ p99 at ${smallest.products.toLocaleString("en")} products`,
        value: figures.p99 / baseline.p99,
        unit: "×" as const,
        atMost: 1.5,
        anchor: `p99 ${baseline.p99.toLocaleString("en", { maximumFractionDigits: 0 })} → ${figures.p99.toLocaleString("en", { maximumFractionDigits: 0 })} ms`,
      },
    ];
  }),
);
console.log(`\n${table}`);

const report = [
  "# Large databases: `npm run bench:database`",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end), PostgreSQL on 127.0.0.1, ${connections} concurrent clients for ${durationMs / 1000} s per endpoint and size in ${rounds} alternating rounds. Arguments: \`${process.argv.slice(2).join(" ")}\`.`,
  "",
  table,
  "",
  ...runs.map(
    (run) =>
      `Seeding ${run.products.toLocaleString("en")} products${run.seedSeconds ? ` took ${run.seedSeconds.toFixed(0)} s` : " (reused database)"}.`,
  ),
  "",
  `## EXPLAIN (ANALYZE, BUFFERS) at ${largest.products.toLocaleString("en")} products`,
  "",
  "Each endpoint's slowest statements (at most two) of one request made alone, explained right after it.",
  "",
  ...[...largest.plans].flatMap(([name, plans]) => [
    `### ${name}`,
    "",
    ...plans.flatMap((plan) => ["```", plan, "```", ""]),
  ]),
].join("\n");
await mkdir(path.dirname(values.report), { recursive: true });
await writeFile(values.report, await formatMarkdown(report, values.report));
console.log(`report: ${values.report}`);
process.exit(0);
