// Large-database benchmark (issue 16, "Large databases"):
//   node scripts/bench-database.ts [--sizes 10000,1000000] [--duration 10] [--connections 8]
//     [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--report docs/bench/database.md]
//     [--only name,name] [--keep] [--reuse] [--jit off]
//
// For each size it creates a fresh PostgreSQL database, migrates and seeds it the way the server's
// first start does (`buildApp`), then fills it set-based (`insert … select … from generate_series`):
// N Crocs products with 5 sizes each, N / 5,000 saved line lists of 5,000 items placed in their
// three catalogs, N / 5,000 customers with 5 stores each, and N / 20 orders of 20 lines spread over
// the last two years (at 1,000,000 products: 1,000,000 order lines across 50,000 orders). The server
// then listens on 127.0.0.1 and a load generator on a worker thread (a few `fetch` loops, the way
// autocannon keeps its connections busy) sends each endpoint's request from `--connections` clients
// at once for `--duration` seconds. It prints requests per second, p50 and p99 per endpoint and
// size, the ratio of p99 at the largest size to p99 at the smallest, and writes a markdown report
// with `EXPLAIN (ANALYZE, BUFFERS)` of each endpoint's slowest queries at the largest size.
// `--keep` leaves the databases in place and `--reuse` starts from a kept one (migrating it,
// without seeding again), so a schema change can be measured without seeding a million rows anew.
import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { catalogTypeValues } from "@cm/contracts/catalogs";
import { lineListTypeValues } from "@cm/contracts/line-lists";
import { orderStatusValues, orderTypeValues } from "@cm/contracts/orders";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { signIn } from "../apps/server/test/auth.ts";
import type { TestApp } from "../apps/server/test/test-app.ts";
import { benchServerConfig } from "./bench-server.ts";

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

if (!isMainThread) {
  parentPort!.postMessage(await runLoad(workerData as LoadJob));
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,1000000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    "admin-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    report: { type: "string", default: "docs/bench/database.md" },
    only: { type: "string" },
    keep: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    // PostgreSQL's JIT compilation, on by default; "off" sets jit = off on the bench's databases.
    jit: { type: "string", default: "on" },
  },
});

const sizes = values.sizes.split(",").map(Number);
const durationMs = Number(values.duration) * 1000;
const connections = Number(values.connections);
const adminUrl = values["admin-url"];
const itemsPerLineList = 5000;
const sizesPerProduct = 5;
const linesPerOrder = 20;

const databaseName = (products: number) => `cm_bench_database_${products}`;
const databaseUrl = (products: number) => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName(products)}`;
  return url.href;
};

/** One connection of the bench's own (not the server's pool) for `work`. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(adminUrl, work);

async function databaseExists(products: number): Promise<boolean> {
  return withAdmin(
    async (client) =>
      (await client.query("select 1 from pg_database where datname = $1", [databaseName(products)]))
        .rowCount === 1,
  );
}

async function dropDatabase(products: number): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists ${databaseName(products)} with (force)`));
}

const textArray = (list: readonly string[]) => `array[${list.map((value) => `'${value}'`).join(", ")}]`;
const franchises = [
  "Classic",
  "Echo",
  "LiteRide",
  "Bayaband",
  "Crocband",
  "Mellow",
  "Dylan",
  "Stomp",
  "Duet",
  "Getaway",
  "Brooklyn",
  "Baya",
];
const shapes = ["Clog", "Sandal", "Slide", "Boot", "Flip"];
const colors = ["Black", "White", "Navy", "Pepper", "Bone", "Chalk", "Lime", "Pink"];
const genders = ["Men", "Women", "Unisex", "Kids"];
const sizeNames = ["M4/W6", "M6/W8", "M8/W10", "M10/W12", "M12"];

/**
 * The data set of `products` products, set-based: one statement per table (the database makes
 * the rows; nothing is sent row by row). Products are all the Crocs brand's, the worst case for
 * its Items screen; each product is in exactly one line list.
 */
async function seedData(url: string, products: number, log: (line: string) => void): Promise<void> {
  const lineListCount = Math.max(1, Math.round(products / itemsPerLineList));
  const customers = Math.max(1, Math.round(products / 5000));
  const orderCount = Math.round(products / linesPerOrder);
  await withClient(url, async (client) => {
    const step = async (label: string, statement: string) => {
      const started = performance.now();
      const result = await client.query(statement);
      log(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };
    const { rows } = await client.query<{ id: number }>(
      "select id from brands where name ilike '%crocs%' order by id limit 1",
    );
    const crocs = rows[0]!.id;
    await step(
      "products",
      `insert into products (brand_id, model_code, franchise, silhouette, color, gender, msrp,
         expected_ship_date, image_urls, comfort_level, height_range, wear_occasion, target_fit)
       select ${crocs}, (100000 + i / 10)::text || '-' || lpad((i % 10)::text, 3, '0'),
         (${textArray(franchises)})[1 + i % ${franchises.length}],
         (${textArray(franchises)})[1 + i % ${franchises.length}] || ' ' || (${textArray(shapes)})[1 + (i / 7) % ${shapes.length}],
         (${textArray(colors)})[1 + (i / 3) % ${colors.length}],
         (${textArray(genders)})[1 + (i / 11) % ${genders.length}],
         (29.99 + i % 50)::numeric(12, 2),
         date '2027-01-01' + (i % 180),
         case when i % 5 = 0 then '{}'::text[] else array['https://images.example/' || i || '-1.jpg'] end,
         'Soft', 'Low', 'Casual', 'Regular'
       from generate_series(0, ${products - 1}) i`,
    );
    await step(
      "product sizes",
      `insert into product_sizes (product_id, size, sku, position)
       select p.id, (${textArray(sizeNames)})[s], p.model_code || '-' || s, s - 1
       from products p cross join generate_series(1, ${sizesPerProduct}) s`,
    );
    await step(
      "line lists",
      `insert into line_lists (brand_id, type, name, stage, published, season, year, created_at, updated_at)
       select ${crocs}, (${textArray(lineListTypeValues)})[1 + g % ${lineListTypeValues.length}],
         'Bench line list ' || g, 'saved', g % 2 = 0, 'Spring', 2027,
         now() - (${lineListCount} - g) * interval '1 hour', now() - (${lineListCount} - g) * interval '1 hour'
       from generate_series(1, ${lineListCount}) g`,
    );
    await step(
      "line list items",
      `insert into line_list_items (line_list_id, product_id, position)
       select ll.id, p.id, (p.n - 1) % ${itemsPerLineList}
       from (select id, row_number() over (order by id) n from products) p
       join (select id, row_number() over (order by id) n from line_lists) ll
         on ll.n = least((p.n - 1) / ${itemsPerLineList} + 1, ${lineListCount})`,
    );
    await step(
      "catalogs",
      `insert into catalogs (line_list_id, type)
       select ll.id, t from line_lists ll cross join unnest(${textArray(catalogTypeValues)}) t`,
    );
    // By position: athletic, boutique, crocs, crocs and athletic (a copy), unsorted.
    await step(
      "catalog items",
      `insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
       select c.id, li.line_list_id, li.id
       from line_list_items li
       join catalogs c on c.line_list_id = li.line_list_id
         and c.type = any (case li.position % 5
           when 0 then array['athletic'] when 1 then array['boutique'] when 2 then array['crocs']
           when 3 then array['crocs', 'athletic'] else array[]::text[] end)`,
    );
    await step(
      "customers",
      `insert into organizations (name, type, status)
       select 'Bench customer ' || g, 'external', 'active' from generate_series(1, ${customers}) g`,
    );
    await step(
      "stores",
      `insert into stores (organization_id, name, logo_url)
       select o.id, o.name || ' store ' || s, 'https://logos.example/store.png'
       from organizations o cross join generate_series(1, 5) s where o.type = 'external'`,
    );
    await step(
      "orders",
      `insert into orders (organization_id, store_id, order_type, status, placed_at, created_at, updated_at)
       select s.organization_id, s.id,
         (${textArray(orderTypeValues)})[1 + g % ${orderTypeValues.length}],
         (${textArray(orderStatusValues)})[1 + (g / 3) % ${orderStatusValues.length}],
         now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute',
         now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day'
       from generate_series(1, ${orderCount}) g
       join (select id, organization_id, row_number() over (order by id) - 1 as n from stores) s
         on s.n = g % (select count(*) from stores)`,
    );
    // Each order's lines are 20 items spread over the line list items, stored together as the
    // order's write stores them.
    await step(
      "order lines",
      `insert into order_lines (order_id, position, line_list_id, product_id, brand_id, sku, size, quantity, msrp, unit_whs)
       select o.id, k, li.line_list_id, li.product_id, ${crocs}, p.model_code || '-3', 'M8/W10',
         1 + (o.n + k) % 12, p.msrp, round(p.msrp * 0.5, 2)
       from (select id, row_number() over (order by id) - 1 as n from orders) o
       cross join generate_series(0, ${linesPerOrder - 1}) k
       join line_list_items li
         on li.id = (select min(id) from line_list_items) + (o.n * 7919 + k * 251) % ${products}
       join products p on p.id = li.product_id
       order by o.id, k`,
    );
    await step(
      "order brands",
      `insert into order_brands (order_id, brand_id) select distinct order_id, brand_id from order_lines`,
    );
    await step(
      "order totals",
      `update orders o set units = t.units, total_whs = t.total, multibrand = t.brands > 1
       from (select order_id, sum(quantity)::int units, sum(quantity * unit_whs) total,
               count(distinct brand_id) brands
             from order_lines group by order_id) t
       where t.order_id = o.id`,
    );
    await step(
      "order status changes",
      `insert into order_status_changes (order_id, from_status, to_status, changed_at)
       select id, null, status, placed_at from orders`,
    );
  });
}

/** `vacuum analyze` as autovacuum would have done by then: statistics and the visibility map. */
async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, (client) => client.query("vacuum analyze"));
}

interface Endpoint {
  name: string;
  url: string;
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
      { name: "items page 150", url: "/api/crocs/items?page=150" },
      {
        name: "orders, filtered, page 5",
        url: `/api/orders?status=pending&brandId=${brand}&page=5&pageSize=25`,
      },
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

async function explainSlowest(url: string, queries: CapturedQuery[], count: number): Promise<string[]> {
  return withClient(url, async (client) => {
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

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]!;

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

async function benchSize(products: number): Promise<SizeRun> {
  const log = (line: string) => console.log(line);
  const url = databaseUrl(products);
  const reuse = values.reuse && (await databaseExists(products));
  if (!reuse) {
    await dropDatabase(products);
    await withAdmin((client) => client.query(`create database ${databaseName(products)}`));
  }
  await withAdmin((client) =>
    client.query(
      values.jit === "off"
        ? `alter database ${databaseName(products)} set jit = off`
        : `alter database ${databaseName(products)} reset jit`,
    ),
  );
  // The database names the folder of its uploaded files: a reused database needs the same one.
  const dataDir = path.join(os.tmpdir(), databaseName(products));
  if (!reuse) await rm(dataDir, { recursive: true, force: true });
  const config = benchServerConfig(dataDir, url);
  // The server's first start: migrations (migrateDatabase) and the seed.
  const app = await buildApp(config);
  let seedSeconds = 0;
  try {
    if (!reuse) {
      log(`${products.toLocaleString("en")} products: seeding`);
      const started = performance.now();
      await seedData(url, products, log);
      await vacuumAnalyze(url);
      seedSeconds = (performance.now() - started) / 1000;
      log(`  seeded and analyzed in ${seedSeconds.toFixed(0)} s`);
    } else {
      await vacuumAnalyze(url);
      log(`${products.toLocaleString("en")} products: reusing ${databaseName(products)}`);
    }
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const testApp = { app, config, database: app.database, close: async () => {} } as TestApp;
    const only = values.only?.split(",");
    const endpoints = (await endpointsOf(url)).filter(
      (endpoint) => !only || only.some((part) => endpoint.name.includes(part)),
    );
    const figures = new Map<string, Figures>();
    const plans = new Map<string, string[]>();
    for (const endpoint of endpoints) {
      const headers = await signIn(testApp);
      // One request alone first: it warms the caches and gives the statements to explain.
      captured.length = 0;
      capturing = true;
      const probe = await fetch(`${address}${endpoint.url}`, { headers });
      await probe.arrayBuffer();
      capturing = false;
      if (!probe.ok) throw new Error(`${endpoint.url}: ${probe.status}`);
      plans.set(endpoint.name, await explainSlowest(url, [...captured], 2));
      const result = await load({ url: `${address}${endpoint.url}`, headers, connections, durationMs });
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const line = {
        requests: sorted.length,
        errors: result.errors.length,
        rps: sorted.length / (result.elapsedMs / 1000),
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
      figures.set(endpoint.name, line);
      log(
        `  ${endpoint.name.padEnd(34)} ${line.rps.toFixed(1).padStart(7)} req/s  p50 ${line.p50.toFixed(0).padStart(6)} ms  p99 ${line.p99.toFixed(0).padStart(6)} ms  (${line.requests} requests${line.errors ? `, ${line.errors} errors: ${result.errors[0]}` : ""})`,
      );
    }
    return { products, seedSeconds, figures, plans };
  } finally {
    await app.close();
    if (!values.keep) {
      await rm(dataDir, { recursive: true, force: true });
      await dropDatabase(products);
    }
  }
}

const runs: SizeRun[] = [];
for (const products of sizes) runs.push(await benchSize(products));

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
console.log(`\n${table}`);

const report = [
  "# Large databases: `node scripts/bench-database.ts`",
  "",
  `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end), PostgreSQL on 127.0.0.1, ${connections} concurrent clients for ${durationMs / 1000} s per endpoint, JIT ${values.jit}. Arguments: \`${process.argv.slice(2).join(" ")}\`.`,
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
await writeFile(values.report, report);
console.log(`report: ${values.report}`);
process.exit(0);
