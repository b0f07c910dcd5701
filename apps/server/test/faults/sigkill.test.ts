import type { PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { lineListHeaders } from "@cm/contracts/line-list-format";
import type { ConfirmPreviewData, PreviewSummary } from "@cm/contracts/line-list-preview";
import type { Order } from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type DatabaseHandle } from "../../src/db/client.ts";
import {
  sampleLineListTable,
  writeSampleLineList,
} from "../../src/modules/file-processing/sample-line-list.ts";
import {
  callApi,
  crocsBrandId,
  processLineListBody,
  signInOverHttp,
  storeWorkbookOverHttp,
  type Auth,
  type Envelope,
} from "../../src/testing/http-api.ts";
import {
  createServerSite,
  reportFigure,
  requestStarted,
  type LogLine,
  type ServerProcess,
  type ServerSite,
} from "./server-process.ts";

/**
 * The server killed outright (SIGKILL: no drain, no database close) in the middle of its largest
 * writes, on the embedded database or on PostgreSQL (DATABASE_URL): after a restart nothing is
 * half written, and the same work goes through again. The scenarios build on one another: the
 * line list uploaded in the first is saved in the second and ordered from in the third.
 */

const styles = 2000;
const sample = { styles, season: "Spring", year: 2027 } as const;
const fileName = "Spring 2027.xlsx";

/** Rows that only a write cut in half would leave: every count must be 0. */
async function partialRows(database: DatabaseHandle): Promise<Record<string, number>> {
  const [row] = rowsOf<Record<string, number>>(
    await database.db.execute(sql`
      select
        (select count(*)::int from line_list_uploads u where u.status = 'pending'
          and u.styles_count <> (select count(*) from staged_styles s where s.upload_id = u.id))
          as "uploadsPartlyStaged",
        (select count(*)::int from line_list_uploads u where u.status = 'confirmed'
          and exists (select 1 from staged_styles s where s.upload_id = u.id))
          as "savedUploadsStillStaged",
        (select count(*)::int from line_lists l where l.stage = 'preview' and not exists
          (select 1 from line_list_uploads u where u.line_list_id = l.id and u.status = 'pending'))
          as "previewsWithoutUpload",
        (select count(*)::int from line_lists l where l.stage = 'saved'
          and (select count(*) from catalogs c where c.line_list_id = l.id) <> 3)
          as "savedWithoutCatalogs",
        (select count(*)::int from line_list_uploads u where u.status = 'confirmed'
          and (select count(*) from line_list_items i where i.line_list_id = u.line_list_id) <> u.styles_count)
          as "savedItemsMissing",
        (select count(*)::int from products p
          where not exists (select 1 from product_sizes s where s.product_id = p.id))
          as "productsWithoutSizes",
        (select count(*)::int from products) not in (0, ${styles}) as "productsPartlySaved",
        (select count(*)::int from orders o
          where not exists (select 1 from order_lines l where l.order_id = o.id))
          as "ordersWithoutLines"
    `),
  );
  return Object.fromEntries(Object.entries(row!).map(([name, value]) => [name, Number(value)]));
}

const tableCount = async (database: DatabaseHandle, table: string) =>
  rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
  )[0]!.n;

describe("SIGKILL in the middle of a write", { timeout: 180_000 }, () => {
  let site: ServerSite;
  let server: ServerProcess;
  let auth: Auth;
  let bytes: Buffer;
  let lineListId: number;
  const reopenMs: number[] = [];
  const partialFound: number[] = [];

  /**
   * Sends `request`, kills the server when `moment` says the write is under way (on PostgreSQL,
   * once the database holds its open transaction), checks the data for half-written rows and
   * starts the server again. Answers what `inspect` found.
   */
  async function killDuring<T>(
    request: () => Promise<unknown>,
    moment: (line: LogLine) => boolean,
    inspect: (database: DatabaseHandle) => Promise<T>,
  ): Promise<T> {
    const answer = request().then(
      () => "answered",
      () => "cut off",
    );
    await server.waitForLog(moment);
    if (site.database) await waitForOpenTransaction(site.database, site.databaseUrl!);
    server.kill("SIGKILL");
    await server.exited;
    expect(await answer).toBe("cut off");

    const found = await site.withDatabase(async (database, openMs) => {
      if (site.kind === "pglite") reopenMs.push(openMs);
      const partial = await partialRows(database);
      partialFound.push(Object.values(partial).reduce((sum, n) => sum + n, 0));
      expect(partial).toEqual(Object.fromEntries(Object.keys(partial).map((name) => [name, 0])));
      return inspect(database);
    });
    server = await site.start();
    return found;
  }

  beforeAll(async () => {
    site = await createServerSite();
    server = await site.start();
    reportFigure("server start, database ready", server.startupMs, "ms");
    auth = await signInOverHttp(server.baseUrl);
    ({ bytes } = await writeSampleLineList(sample));
  }, 180_000);
  afterAll(async () => {
    reportFigure("SIGKILL runs", partialFound.length);
    reportFigure(
      "partial rows found",
      partialFound.reduce((sum, n) => sum + n, 0),
    );
    if (reopenMs.length > 0)
      reportFigure("embedded database reopen after SIGKILL, slowest", Math.max(...reopenMs), "ms");
    await site?.dispose();
  });

  const api = <T = unknown>(method: string, url: string, payload?: unknown) =>
    callApi<T>(server.baseUrl, auth, method, url, payload);

  it(`leaves no line list or staged rows when killed while processing a ${styles}-style upload`, async () => {
    const key = await storeWorkbookOverHttp(server.baseUrl, auth, fileName, bytes);
    const staged = await killDuring(
      () => api("POST", "/functions/process-line-list", processLineListBody(fileName, key)),
      (line) => line.msg === "line list parsed",
      async (database) => ({
        lineLists: await tableCount(database, "line_lists"),
        stagedStyles: await tableCount(database, "staged_styles"),
      }),
    );
    // Cut before its commit: the upload's one transaction left nothing at all.
    expect(staged).toEqual({ lineLists: 0, stagedStyles: 0 });

    // The same file, uploaded again, is processed.
    const again = await storeWorkbookOverHttp(server.baseUrl, auth, fileName, bytes);
    const processed = await api<number>(
      "POST",
      "/functions/process-line-list",
      processLineListBody(fileName, again),
    );
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    lineListId = processed.body;
    const preview = await api<Envelope<PreviewSummary>>("GET", `/api/crocs/preview/${lineListId}`);
    expect(preview.body.data.counts).toMatchObject({ all: styles, new: styles });
  });

  it("saves the preview whole or not at all when killed while saving it", async () => {
    const confirmUrl = `/api/crocs/preview/${lineListId}/confirm`;
    const saved = await killDuring(
      () => api("POST", confirmUrl),
      requestStarted("POST", confirmUrl),
      async (database) => tableCount(database, "products"),
    );
    expect([0, styles]).toContain(saved);
    reportFigure("preview save killed", saved === styles ? "after its commit" : "before its commit");

    const confirmed = await api<Envelope<ConfirmPreviewData>>("POST", confirmUrl);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.alreadyConfirmed).toBe(saved === styles);
    const catalogs = await api<Envelope<PopulatedCatalogs>>(
      "GET",
      `/api/crocs/catalogs/populated/${lineListId}`,
    );
    expect(catalogs.body.data.catalogs.map((catalog) => catalog.items.length)).toEqual([styles, 0, 0, 0]);
  });

  it("creates the order whole or not at all when killed while saving it", async () => {
    // Every style into the crocs catalog, published, and a customer's store to order for.
    const modelCodes = sampleLineListTable(sample);
    const headers = modelCodes.rows[0]!.map(String);
    const rows = modelCodes.rows.slice(1);
    const column = (name: string) => headers.indexOf(name);
    const moved = await api("POST", "/api/crocs/catalogs/move-items", {
      lineListId,
      moveItems: [...new Set(rows.map((row) => String(row[column(lineListHeaders.model_code)])))].map(
        (modelCode) => ({ modelCode, originCatalogType: "unsorted", targetCatalogType: "crocs" }),
      ),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await api("POST", "/api/crocs/catalogs/publish", { lineListId })).status).toBe(200);
    const organization = await api<Envelope<{ id: number }>>("POST", "/api/organizations", {
      name: "Sunset Soles",
    });
    const crocsId = await crocsBrandId(server.baseUrl, auth);
    const store = await api<Envelope<{ id: number }>>("POST", "/api/stores", {
      organizationId: organization.body.data.id,
      name: "Downtown",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    expect(store.status, JSON.stringify(store.body)).toBe(201);

    const lines = rows
      .slice(0, 2000)
      .map((row) => ({ lineListId, sku: String(row[column(lineListHeaders.sku)]), quantity: 2 }));
    const order = { storeId: store.body.data.id, orderType: "open-stock", lines };
    const stored = await killDuring(
      () => api("POST", "/api/orders", order),
      requestStarted("POST", "/api/orders"),
      async (database) => ({
        orders: await tableCount(database, "orders"),
        lines: await tableCount(database, "order_lines"),
      }),
    );
    expect([
      { orders: 0, lines: 0 },
      { orders: 1, lines: lines.length },
    ]).toContainEqual(stored);
    reportFigure("order save killed", stored.orders === 1 ? "after its commit" : "before its commit");

    const created = await api<Envelope<Order>>("POST", "/api/orders", order);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.lines).toHaveLength(lines.length);
  });
});

/** Waits until the server's database holds a transaction that has written (PostgreSQL only). */
async function waitForOpenTransaction(database: DatabaseHandle, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const open = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = ${name} and pid <> pg_backend_pid() and backend_xid is not null`,
      ),
    )[0]!.n;
    if (open > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
