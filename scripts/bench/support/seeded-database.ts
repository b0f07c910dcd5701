// What the PostgreSQL benchmarks share (database.ts, mixed.ts): a fresh database per
// run, migrated and seeded by the server's first start, then filled set-based with a large
// catalog and its orders; the server on it, listening where its clients sign in; a worker thread
// for the load generator; percentiles.
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { catalogTypeValues } from "@cm/contracts/catalogs";
import { lineListTypeValues } from "@cm/contracts/line-lists";
import { orderStatusValues, orderTypeValues } from "@cm/contracts/orders";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../../apps/server/src/app.ts";
import type { Config } from "../../../apps/server/src/env.ts";
import { freePort } from "../../../apps/server/src/testing/processes.ts";
import { preparePortalData } from "./portal-checks.ts";
import { benchServerConfig } from "./server.ts";

export const itemsPerLineList = 5000;
const sizesPerProduct = 5;
const linesPerOrder = 20;

/** One connection of the bench's own (not the server's pool) for `work`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
      // Each item offers its product at the product's price and date, as a saved upload does.
      `insert into line_list_items (line_list_id, product_id, position, msrp, wholesale_price, expected_ship_date)
       select ll.id, p.id, (p.n - 1) % ${itemsPerLineList}, p.msrp, p.wholesale_price, p.expected_ship_date
       from (select id, msrp, wholesale_price, expected_ship_date, row_number() over (order by id) n from products) p
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
    // The customer portal (issue 34): the published line lists' publication time, and each store a
    // brand focus on their brand, so that its buyers see them.
    const started = performance.now();
    await preparePortalData(client);
    log(
      `  portal: publication times and brand focus, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

/** `vacuum analyze` as autovacuum would have done by then: statistics and the visibility map. */
async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, (client) => client.query("vacuum analyze"));
}

/** The command-line options of a bench on a seeded database, for `parseArgs`. */
export const seededDatabaseArgs = {
  "admin-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  keep: { type: "boolean", default: false },
  reuse: { type: "boolean", default: false },
} as const;

export interface SeededDatabaseOptions {
  /** A database of the server to create the bench's database from, e.g. `…/postgres`. */
  adminUrl: string;
  /** The bench's database, created afresh unless `reuse` finds it. */
  name: string;
  products: number;
  /** Start from the kept database of that name, migrating it without seeding again. */
  reuse: boolean;
  /** Leave the database and its data folder in place on close. */
  keep: boolean;
}

export interface SeededServer {
  app: FastifyInstance;
  config: Config;
  url: string;
  /**
   * Starts listening on the loopback port its config names (sign-in checks that the address is the
   * server's PUBLIC_URL); answers the address, `http://127.0.0.1:PORT`.
   */
  listen(): Promise<string>;
  /** 0 for a reused database. */
  seedSeconds: number;
  /** Closes the app; drops the database and its data folder unless `keep`. */
  close(): Promise<void>;
}

/**
 * The server (`buildApp`, not yet listening) on a database of `products` products: created
 * afresh, migrated and seeded the way the server's first start does it, then filled by `seedData`
 * and analyzed; or, with `reuse`, a kept one migrated and analyzed again.
 */
export async function startOnSeededDatabase(
  options: SeededDatabaseOptions,
  log: (line: string) => void,
): Promise<SeededServer> {
  const { adminUrl, name, products } = options;
  const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(adminUrl, work);
  const dropDatabase = () =>
    withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const exists = await withAdmin(
    async (client) =>
      (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1,
  );
  const reuse = options.reuse && exists;
  if (!reuse) {
    await dropDatabase();
    await withAdmin((client) => client.query(`create database ${name}`));
  }
  // The database names the folder of its uploaded files: a reused database needs the same one.
  const dataDir = path.join(os.tmpdir(), name);
  if (!reuse) await rm(dataDir, { recursive: true, force: true });
  const config = benchServerConfig(dataDir, url.href, await freePort());
  // The server's first start: migrations (migrateDatabase) and the seed.
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    if (!options.keep) {
      await rm(dataDir, { recursive: true, force: true });
      await dropDatabase();
    }
  };
  let seedSeconds = 0;
  try {
    if (!reuse) {
      log(`${products.toLocaleString("en")} products: seeding`);
      const started = performance.now();
      await seedData(url.href, products, log);
      await vacuumAnalyze(url.href);
      seedSeconds = (performance.now() - started) / 1000;
      log(`  seeded and analyzed in ${seedSeconds.toFixed(0)} s`);
    } else {
      // The earlier runs' sign-ins count against the login code rate limit, as they would for
      // any address: a kept database forgets them, so this run's clients can sign in again.
      await withClient(url.href, (client) => client.query("delete from login_code_requests"));
      await vacuumAnalyze(url.href);
      log(`${products.toLocaleString("en")} products: reusing ${name}`);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const listen = () => app.listen({ host: config.HOST, port: config.PORT });
  return { app, config, url: url.href, seedSeconds, listen, close };
}

/**
 * A bench's worker side: on the thread `inWorker` started, answers its job with `work` and ends
 * the thread; on the main thread, does nothing.
 */
export async function answerInWorker<TJob, TResult>(work: (job: TJob) => Promise<TResult>): Promise<void> {
  if (isMainThread) return;
  parentPort!.postMessage(await work(workerData as TJob));
  process.exit(0);
}

/** Runs `script` (a bench's own file, calling `answerInWorker` first) on a worker thread. */
export function inWorker<TJob, TResult>(script: string, job: TJob): Promise<TResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(script), { workerData: job });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

export const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]!;
