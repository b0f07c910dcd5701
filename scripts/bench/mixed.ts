// Mixed load on a large database:
//   npm run bench:mixed [-- --products 10000] [--clients 50] [--buyers 10] [--duration 60]
//     [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--report docs/bench/mixed.md]
//     [--keep] [--reuse]
//
// Requirement: "50 concurrent signed-in clients run a mixed read and write scenario (browse,
// search, move items, write orders) for 60 s: 0 5xx, 0 lost updates, and the p99 reported."
//
// It creates a fresh PostgreSQL database seeded as bench:database seeds one (its seeding is
// shared through support/seeded-database.ts), adds one staff user per client and signs each in
// through the real login-code flow, then the server listens on 127.0.0.1 and a worker thread runs
// the clients: each loops for `--duration` seconds, sending the next request as soon as the
// answer is read, and picks each action by its weight (`actions` below). Browsing and searching
// read what the screens read. Moves sort the items of the newest line lists: the clients of one
// line list share it, each with items of its own, so that every answered move says exactly where
// its items must be. Orders are written with 1 to 20 lines of published line lists, and the
// newest ones are edited by every client at once (status and lines, with the revision read
// just before), so stale revisions meet their 409.
//
// Beside them, `--buyers` customer users of the customer portal (issue 34), each the only buyer of
// a store that sees the published line lists, browse their store's catalogs and styles, fill its
// cart (read-modify-write at the last revision; on 409 the change again on the cart it gave) and
// now and then submit it (support/portal-buyers.ts). After the run each store's cart must be the
// last one answered 2xx after the buyer's last submit, and each submit answered 201 must have
// placed its cart's lines as portal orders of the buyer (support/portal-checks.ts): "lost cart
// lines: N" counts the lines missing or with another quantity.
//
// After the run the database is checked against every answer: each move answered 2xx is in
// the placements (and each line list's counts and revision match its latest answer),
// each order answered 201 is there with its lines and totals, each order edit answered 2xx is in
// its revision, status history and lines, and no write refused (409) or unanswered left more
// than the answered writes can explain. It prints per action the requests, 2xx, 4xx by status,
// 5xx, p50 and p99, the overall p99, "lost updates: N" and "lost cart lines: N", and writes a markdown report. The exit
// code is 1 when a 5xx, a lost update, a refused write that changed something or a broken
// invariant was found.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  placementResultSchema,
  type CatalogCounts,
  type ItemPlacementChange,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { catalogTypeValues, unsortedCatalogType, type CatalogType } from "@cm/contracts/catalogs";
import { writeEnvelopeSchema } from "@cm/contracts/envelope";
import type { LineListType } from "@cm/contracts/line-lists";
import {
  formatOrderNumber,
  orderSchema,
  orderTypeOfLineListType,
  type Order,
  type OrderLineInput,
  type OrderStatus,
  type OrderType,
} from "@cm/contracts/orders";
import { signInOverHttp } from "../../apps/server/src/testing/http-api.ts";
import {
  answerInWorker,
  inWorker,
  percentile,
  seededDatabaseArgs,
  startOnSeededDatabase,
  withClient,
  type SeededServer,
} from "./support/seeded-database.ts";
import {
  portalActions,
  runBuyers,
  type BuyerFixture,
  type PortalActionName,
  type PortalResult,
} from "./support/portal-buyers.ts";
import { addBuyers, verifyBuyers } from "./support/portal-checks.ts";
import { recordFigures } from "./support/summary.ts";

/** The scenario: what a client does, how often (weights out of 100), and how it is shown. */
const actions = [
  { name: "line lists with catalogs info", kind: "browse", weight: 6 },
  { name: "populated catalogs", kind: "browse", weight: 5 },
  { name: "orders list", kind: "browse", weight: 12 },
  { name: "orders dashboard", kind: "browse", weight: 4 },
  { name: "order detail", kind: "browse", weight: 6 },
  { name: "order offer", kind: "browse", weight: 3 },
  { name: "items search", kind: "search", weight: 14 },
  { name: "orders search", kind: "search", weight: 10 },
  { name: "move items", kind: "write", weight: 18 },
  { name: "create order", kind: "write", weight: 12 },
  { name: "change order status", kind: "write", weight: 5 },
  { name: "replace order lines", kind: "write", weight: 5 },
] as const;
type ActionName = (typeof actions)[number]["name"];
/** The staff clients' actions and the portal buyers' (weights out of 100 of each). */
const allActions = [...actions, ...portalActions];
type AnyActionName = ActionName | PortalActionName;

/** Items a client sorts: its own, so its answered moves alone say where they are. */
const itemsPerClient = 200;
/** Orders every client edits: the newest ones written in the run. */
const hotOrders = 10;
const maxLinesPerOrder = 20;
const requestTimeoutMs = 60_000;

interface OwnedItem {
  modelCode: string;
  catalogTypes: CatalogType[];
}
interface ClientFixture {
  authorization: string;
  lineListId: number;
  items: OwnedItem[];
}
interface OrderableLineList {
  lineListId: number;
  orderType: OrderType;
  skus: string[];
}
/** What the clients are given over the worker boundary: who they are and what exists. */
interface MixedJob {
  address: string;
  durationMs: number;
  clients: ClientFixture[];
  buyers: BuyerFixture[];
  orderable: OrderableLineList[];
  storeIds: number[];
  seededOrderIds: number[];
  itemSearches: string[];
  orderSearches: string[];
}

interface ActionFigures {
  latencies: number[];
  statuses: Record<number, number>;
  /** No answer: a refused connection or the request's timeout. */
  networkErrors: number;
}
interface Failure {
  action: AnyActionName;
  request: string;
  status: number | "no answer";
  detail: string;
}
interface OrderLineState {
  lineListId: number;
  sku: string;
  quantity: number;
  unitWhs: string;
}
interface OrderState {
  id: number;
  revision: number;
  status: OrderStatus;
  units: number;
  totalWhs: string;
  lines: OrderLineState[];
}
interface OrderEdit {
  kind: "status" | "lines";
  sentRevision: number;
  after: OrderState;
}
/** What the clients saw: figures per action, and every write they were answered. */
interface MixedResult {
  elapsedMs: number;
  figures: Record<AnyActionName, ActionFigures>;
  failures: Failure[];
  /** Where each item must be now, by its client's answered moves (items of unanswered moves left out). */
  placements: { lineListId: number; modelCode: string; catalogTypes: CatalogType[] }[];
  uncertainItems: number;
  /** Answers of 2xx writes that say something else than the request asked. */
  wrongAnswers: string[];
  /** Per line list, the answered move with the highest `nextExpectedStreamVersion`. */
  latestMoves: { lineListId: number; version: number; counts: CatalogCounts }[];
  uncertainLineLists: number[];
  created: OrderState[];
  unansweredCreates: number;
  edits: [orderId: number, edits: OrderEdit[]][];
  refusedEdits: number;
  uncertainOrders: number[];
  portal: PortalResult;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
function sample<T>(list: readonly T[], count: number): T[] {
  const copy = [...list];
  for (let index = 0; index < Math.min(count, copy.length); index++) {
    const other = randomInt(index, copy.length - 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, count);
}
const typeOrder = (types: Iterable<CatalogType>) =>
  [...types].sort((a, b) => catalogTypeValues.indexOf(a) - catalogTypeValues.indexOf(b));
const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);
const lineKey = (line: { lineListId: number; sku: string }) => `${line.lineListId}:${line.sku}`;
const sortedLines = <T extends { lineListId: number; sku: string }>(lines: readonly T[]) =>
  [...lines].sort((a, b) => lineKey(a).localeCompare(lineKey(b)));

function orderStateOf(order: Order): OrderState {
  return {
    id: order.id,
    revision: order._revision,
    status: order.status,
    units: order.units,
    totalWhs: order.totalWhs,
    lines: order.lines.map(({ lineListId, sku, quantity, unitWhs }) => ({
      lineListId,
      sku,
      quantity,
      unitWhs,
    })),
  };
}

const placementAnswerSchema = writeEnvelopeSchema(placementResultSchema);
const orderAnswerSchema = writeEnvelopeSchema(orderSchema);

/** Worker side: the clients, each a loop of weighted actions until the time is up. */
async function runClients(job: MixedJob): Promise<MixedResult> {
  const figures = Object.fromEntries(
    allActions.map((action) => [action.name, { latencies: [], statuses: {}, networkErrors: 0 }]),
  ) as unknown as Record<AnyActionName, ActionFigures>;
  const failures: Failure[] = [];
  const wrongAnswers: string[] = [];
  const latestMoves = new Map<number, { lineListId: number; version: number; counts: CatalogCounts }>();
  const uncertainLineLists = new Set<number>();
  const created = new Map<number, OrderState>();
  const edits = new Map<number, OrderEdit[]>();
  const uncertainOrders = new Set<number>();
  const newest: number[] = [];
  let unansweredCreates = 0;
  let refusedEdits = 0;

  /** One request, measured under `action`; undefined when no answer came. */
  async function send(
    action: AnyActionName,
    authorization: string,
    method: "GET" | "POST" | "PUT",
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: () => unknown } | undefined> {
    const figure = figures[action];
    const sent = performance.now();
    try {
      const response = await fetch(`${job.address}${url}`, {
        method,
        headers:
          body === undefined ? { authorization } : { authorization, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      figure.latencies.push(performance.now() - sent);
      figure.statuses[response.status] = (figure.statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) {
        failures.push({
          action,
          request: `${method} ${url} ${body === undefined ? "" : JSON.stringify(body).slice(0, 500)}`,
          status: response.status,
          detail: text.slice(0, 500),
        });
      }
      // Parsed only where the client reads it: the load generator shares the machine's cores.
      return { status: response.status, json: () => JSON.parse(text) as unknown };
    } catch (error) {
      figure.networkErrors++;
      failures.push({ action, request: `${method} ${url}`, status: "no answer", detail: String(error) });
      return undefined;
    }
  }

  const orderToEdit = () => (newest.length > 0 ? pick(newest) : undefined);

  /** The order as its detail page reads it, before an edit. */
  async function readOrder(authorization: string, orderId: number): Promise<Order | undefined> {
    const answer = await send("order detail", authorization, "GET", `/api/orders/${orderId}`);
    return answer?.status === 200 ? (answer.json() as { data: Order }).data : undefined;
  }

  async function writeEdit(
    action: ActionName,
    authorization: string,
    order: Order,
    kind: OrderEdit["kind"],
    body: object,
  ) {
    const answer = await send(action, authorization, "PUT", `/api/orders/${order.id}/${kind}`, {
      ...body,
      revision: order._revision,
    });
    if (!answer) uncertainOrders.add(order.id);
    else if (answer.status === 409) refusedEdits++;
    else if (answer.status === 200) {
      const after = orderStateOf(orderAnswerSchema.parse(answer.json()).data);
      edits.set(order.id, [...(edits.get(order.id) ?? []), { kind, sentRevision: order._revision, after }]);
    }
  }

  type Client = ClientFixture & { placements: Map<string, CatalogType[]>; uncertain: Set<string> };
  const run: Record<ActionName, (client: Client) => Promise<unknown>> = {
    "line lists with catalogs info": (client) =>
      send(
        "line lists with catalogs info",
        client.authorization,
        "GET",
        "/api/line-lists/with-catalogs-info",
      ),
    "populated catalogs": (client) =>
      send(
        "populated catalogs",
        client.authorization,
        "GET",
        `/api/crocs/catalogs/populated/${client.lineListId}`,
      ),
    "orders list": (client) =>
      send(
        "orders list",
        client.authorization,
        "GET",
        `/api/orders?${pick(["", "status=pending", "sort=-totalWhs", `page=${randomInt(2, 5)}`, "orderType=future-stock"])}`,
      ),
    "orders dashboard": (client) =>
      send("orders dashboard", client.authorization, "GET", "/api/orders/dashboard"),
    "order detail": (client) =>
      send(
        "order detail",
        client.authorization,
        "GET",
        `/api/orders/${orderToEdit() ?? pick(job.seededOrderIds)}`,
      ),
    "order offer": (client) =>
      send(
        "order offer",
        client.authorization,
        "GET",
        `/api/orders/offer?storeId=${pick(job.storeIds)}&lineListId=${pick(job.orderable).lineListId}`,
      ),
    "items search": (client) =>
      send(
        "items search",
        client.authorization,
        "GET",
        `/api/crocs/items?search=${encodeURIComponent(pick(job.itemSearches))}`,
      ),
    "orders search": (client) =>
      send(
        "orders search",
        client.authorization,
        "GET",
        `/api/orders?q=${encodeURIComponent(pick(job.orderSearches))}`,
      ),
    "move items": async (client) => {
      // A selection dragged from one place to a catalog, as the segmentation board does.
      const names = sample(
        [...client.placements.keys()].filter((name) => !client.uncertain.has(name)),
        randomInt(1, 10),
      );
      const moveItems: ItemPlacementChange[] = names.map((modelCode) => {
        const current = client.placements.get(modelCode)!;
        const origin = current.length > 0 ? pick(current) : unsortedCatalogType;
        const targetCatalogType = pick(catalogTypeValues.filter((type) => type !== origin));
        return { modelCode, originCatalogType: origin, targetCatalogType };
      });
      const answer = await send(
        "move items",
        client.authorization,
        "POST",
        "/api/crocs/catalogs/move-items",
        {
          lineListId: client.lineListId,
          moveItems,
        },
      );
      if (!answer) {
        for (const name of names) client.uncertain.add(name);
        uncertainLineLists.add(client.lineListId);
        return;
      }
      if (answer.status !== 200) return;
      const envelope = placementAnswerSchema.parse(answer.json());
      const result: PlacementResult = envelope.data;
      const answered = new Map(result.items.map((item) => [item.modelCode, item.catalogTypes]));
      for (const change of moveItems) {
        const before = client.placements.get(change.modelCode)!;
        const expected = typeOrder(
          new Set([...before.filter((type) => type !== change.originCatalogType), change.targetCatalogType]),
        );
        if (!sameList(expected, answered.get(change.modelCode) ?? [])) {
          wrongAnswers.push(
            `move of ${change.modelCode} (${JSON.stringify(change)}, was in [${before.join(", ")}]): answered [${answered.get(change.modelCode)?.join(", ")}], expected [${expected.join(", ")}]`,
          );
        }
        client.placements.set(change.modelCode, expected);
      }
      const latest = latestMoves.get(client.lineListId);
      if (!latest || envelope.nextExpectedStreamVersion > latest.version) {
        latestMoves.set(client.lineListId, {
          lineListId: client.lineListId,
          version: envelope.nextExpectedStreamVersion,
          counts: result.counts,
        });
      }
    },
    "create order": async (client) => {
      const lineList = pick(job.orderable);
      const lines: OrderLineInput[] = sample(lineList.skus, randomInt(1, maxLinesPerOrder)).map((sku) => ({
        lineListId: lineList.lineListId,
        sku,
        quantity: randomInt(1, 12),
      }));
      const answer = await send("create order", client.authorization, "POST", "/api/orders", {
        storeId: pick(job.storeIds),
        orderType: lineList.orderType,
        lines,
      });
      if (!answer) unansweredCreates++;
      if (answer?.status !== 201) return;
      const order = orderStateOf(orderAnswerSchema.parse(answer.json()).data);
      const asked = sortedLines(lines).map((line) => [lineKey(line), line.quantity]);
      const got = sortedLines(order.lines).map((line) => [lineKey(line), line.quantity]);
      if (!sameList(asked, got) || order.status !== "pending" || order.revision !== 1) {
        wrongAnswers.push(
          `order ${order.id}: asked ${JSON.stringify(asked)}, answered ${JSON.stringify(order)}`,
        );
      }
      created.set(order.id, order);
      newest.push(order.id);
      if (newest.length > hotOrders) newest.shift();
    },
    "change order status": async (client) => {
      const orderId = orderToEdit();
      const order = orderId === undefined ? undefined : await readOrder(client.authorization, orderId);
      if (!order || order.nextStatuses.length === 0) return;
      // Mostly forward (processing, shipped…), now and then a cancellation.
      const newStatus = Math.random() < 0.85 ? order.nextStatuses[0]! : order.nextStatuses.at(-1)!;
      await writeEdit("change order status", client.authorization, order, "status", { newStatus });
    },
    "replace order lines": async (client) => {
      const orderId = orderToEdit();
      const order = orderId === undefined ? undefined : await readOrder(client.authorization, orderId);
      if (!order || order.status !== "pending") return;
      const lines: OrderLineInput[] = order.lines.map(({ lineListId, sku, quantity }) => ({
        lineListId,
        sku,
        quantity,
      }));
      const changed = pick(lines);
      changed.quantity = changed.quantity === 12 ? 1 : changed.quantity + 1;
      if (lines.length > 1 && Math.random() < 0.3) lines.splice(lines.indexOf(pick(lines)), 1);
      await writeEdit("replace order lines", client.authorization, order, "lines", { lines });
    },
  };

  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const nextAction = (): ActionName => {
    let roll = Math.random() * totalWeight;
    for (const action of actions) {
      roll -= action.weight;
      if (roll < 0) return action.name;
    }
    return actions.at(-1)!.name;
  };

  const clients: Client[] = job.clients.map((fixture) => ({
    ...fixture,
    placements: new Map(fixture.items.map((item) => [item.modelCode, typeOrder(item.catalogTypes)])),
    uncertain: new Set(),
  }));
  const started = performance.now();
  const until = started + job.durationMs;
  const [portal] = await Promise.all([
    runBuyers(job.buyers, send, until),
    ...clients.map(async (client) => {
      while (performance.now() < until) await run[nextAction()](client);
    }),
  ]);
  return {
    elapsedMs: performance.now() - started,
    figures,
    failures,
    placements: clients.flatMap((client) =>
      [...client.placements]
        .filter(([modelCode]) => !client.uncertain.has(modelCode))
        .map(([modelCode, catalogTypes]) => ({ lineListId: client.lineListId, modelCode, catalogTypes })),
    ),
    uncertainItems: clients.reduce((sum, client) => sum + client.uncertain.size, 0),
    wrongAnswers,
    latestMoves: [...latestMoves.values()],
    uncertainLineLists: [...uncertainLineLists],
    created: [...created.values()],
    unansweredCreates,
    edits: [...edits],
    refusedEdits,
    uncertainOrders: [...uncertainOrders],
    portal,
  };
}

await answerInWorker(runClients);

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    clients: { type: "string", default: "50" },
    buyers: { type: "string", default: "10" },
    duration: { type: "string", default: "60" },
    ...seededDatabaseArgs,
    report: { type: "string", default: "docs/bench/mixed.md" },
  },
});
const products = Number(values.products);
const clientCount = Number(values.clients);
const buyerCount = Number(values.buyers);
const durationMs = Number(values.duration) * 1000;
const log = (line: string) => console.log(line);

const staffEmail = (index: number) => `bench-client-${String(index + 1).padStart(3, "0")}@example.com`;

/** One active staff user per client, with the seeded admin's role and organization. */
async function addStaff(url: string, adminEmail: string): Promise<string[]> {
  const emails = Array.from({ length: clientCount }, (_, index) => staffEmail(index));
  await withClient(url, (client) =>
    client.query(
      `insert into users (email, first_name, last_name, type, status, organization_id, role_id)
       select email, 'Bench', 'Client ' || n, 'internal', 'active', admin.organization_id, admin.role_id
       from unnest($1::text[]) with ordinality as e(email, n)
       cross join (select organization_id, role_id from users where lower(email) = lower($2)) admin
       on conflict do nothing`,
      [emails, adminEmail],
    ),
  );
  return emails;
}

/** What exists to browse, sort and order, read from the seeded database. */
async function fixturesOf(
  url: string,
  authorizations: string[],
  buyers: BuyerFixture[],
  address: string,
): Promise<MixedJob> {
  return withClient(url, async (client) => {
    const lineListIds = (
      await client.query<{ id: number }>(
        "select id from line_lists where stage = 'saved' order by created_at desc, id desc limit $1",
        [clientCount],
      )
    ).rows.map((row) => row.id);
    // Client i sorts the line list i modulo their count, items of its own by position.
    const sharing = lineListIds.map(
      (_, list) => authorizations.filter((_, index) => index % lineListIds.length === list).length,
    );
    const items = await client.query<{
      line_list_id: number;
      position: number;
      model_code: string;
      types: CatalogType[];
    }>(
      `select li.line_list_id, li.position, p.model_code,
         array(select c.type from catalog_items ci join catalogs c on c.id = ci.catalog_id
               where ci.line_list_item_id = li.id) as types
       from line_list_items li join products p on p.id = li.product_id
       where li.line_list_id = any($1) and li.position < $2`,
      [lineListIds, itemsPerClient * Math.ceil(clientCount / lineListIds.length)],
    );
    const clients = authorizations.map((authorization, index): ClientFixture => {
      const list = index % lineListIds.length;
      const slot = Math.floor(index / lineListIds.length);
      return {
        authorization,
        lineListId: lineListIds[list]!,
        items: items.rows
          .filter((row) => row.line_list_id === lineListIds[list] && row.position % sharing[list]! === slot)
          .slice(0, itemsPerClient)
          .map((row) => ({ modelCode: row.model_code, catalogTypes: row.types })),
      };
    });
    const orderable = (
      await client.query<{ id: number; type: LineListType; skus: string[] }>(
        `select ll.id, ll.type, array(
           select ps.sku from line_list_items li join product_sizes ps on ps.product_id = li.product_id
           where li.line_list_id = ll.id
             and exists (select 1 from catalog_items ci where ci.line_list_item_id = li.id)
           order by random() limit 2000) as skus
         from line_lists ll
         where ll.stage = 'saved' and ll.published
           and (ll.type <> 'pre-book' or ll.deadline is null or ll.deadline >= current_date)
         order by ll.created_at desc limit 10`,
      )
    ).rows.map((row) => ({
      lineListId: row.id,
      orderType: orderTypeOfLineListType[row.type],
      skus: row.skus,
    }));
    const storeIds = (
      await client.query<{ id: number }>(
        `select s.id from stores s join organizations o on o.id = s.organization_id
         where o.type = 'external' and o.status = 'active' and s.status = 'active' order by s.id limit 200`,
      )
    ).rows.map((row) => row.id);
    const seededOrderIds = (
      await client.query<{ id: number }>("select id from orders order by random() limit 200")
    ).rows.map((row) => row.id);
    const modelCodes = (
      await client.query<{ model_code: string }>("select model_code from products order by random() limit 3")
    ).rows.map((row) => row.model_code.slice(0, 6));
    return {
      address,
      durationMs,
      clients,
      buyers,
      orderable,
      storeIds,
      seededOrderIds,
      itemSearches: ["Echo", "Classic Clog", "Navy", "Kids", "Pink Slide", "Zebra-no-match", ...modelCodes],
      orderSearches: [
        "Bench customer 1",
        "store 2",
        "SO-0000",
        "Nobody at all",
        ...seededOrderIds.slice(0, 3).map(formatOrderNumber),
      ],
    };
  });
}

/** One check of the database against the answers: how many things it looked at, what it found. */
interface Check {
  name: string;
  checked: number;
  /** Acknowledged writes missing or different in the database. */
  lost: string[];
  /** Writes refused (or never answered) that changed more than they could have. */
  refusedApplied: string[];
  /** Segmentation or order invariants broken whoever wrote. */
  broken: string[];
}

const newCheck = (name: string, checked: number): Check => ({
  name,
  checked,
  lost: [],
  refusedApplied: [],
  broken: [],
});

async function verify(
  url: string,
  result: MixedResult,
  lastSeededOrderId: number,
): Promise<{ checks: Check[]; lostCartLines: number }> {
  return withClient(url, async (client) => {
    const placements = newCheck("placements of the moved items", result.placements.length);
    const { rows: placed } = await client.query<{
      line_list_id: number;
      model_code: string;
      types: CatalogType[];
    }>(
      `select t.line_list_id, t.model_code,
         array(select c.type from catalog_items ci join catalogs c on c.id = ci.catalog_id
               where ci.line_list_item_id = li.id) as types
       from unnest($1::int[], $2::text[]) as t(line_list_id, model_code)
       left join products p on p.model_code = t.model_code
       left join line_list_items li on li.product_id = p.id and li.line_list_id = t.line_list_id`,
      [result.placements.map((item) => item.lineListId), result.placements.map((item) => item.modelCode)],
    );
    const actual = new Map(
      placed.map((row) => [`${row.line_list_id}:${row.model_code}`, typeOrder(row.types)]),
    );
    for (const item of result.placements) {
      const found = actual.get(`${item.lineListId}:${item.modelCode}`) ?? [];
      if (!sameList(found, item.catalogTypes)) {
        placements.lost.push(
          `${item.modelCode} of line list ${item.lineListId}: in [${found.join(", ")}], answered [${item.catalogTypes.join(", ")}]`,
        );
      }
    }
    placements.lost.push(...result.wrongAnswers.filter((answer) => answer.startsWith("move")));

    const counts = newCheck(
      "counts and revision per line list (latest move answer)",
      result.latestMoves.length,
    );
    for (const latest of result.latestMoves) {
      if (result.uncertainLineLists.includes(latest.lineListId)) continue;
      const { rows } = await client.query<CatalogCounts & { version: number }>(
        `select
           (select count(*)::int from line_list_items li where li.line_list_id = $1
              and not exists (select 1 from catalog_items ci where ci.line_list_item_id = li.id)) as unsorted,
           ${catalogTypeValues
             .map(
               (type) =>
                 `(select count(*)::int from catalog_items ci join catalogs c on c.id = ci.catalog_id
                    where c.line_list_id = $1 and c.type = '${type}') as ${type}`,
             )
             .join(",\n")},
           (select revision from line_lists where id = $1) as version`,
        [latest.lineListId],
      );
      const { version, ...found } = rows[0]!;
      if (version !== latest.version || !sameList(Object.entries(found), Object.entries(latest.counts))) {
        const problem = `line list ${latest.lineListId}: ${JSON.stringify({ version, ...found })}, latest answer ${JSON.stringify({ version: latest.version, ...latest.counts })}`;
        (version > latest.version ? counts.refusedApplied : counts.lost).push(problem);
      }
    }

    const invariants = newCheck("segmentation invariants (whole database)", 1);
    const { rows: broken } = await client.query<{ rule: string; count: number }>(
      `select 'an item twice in one catalog' as rule, count(*)::int from
         (select 1 from catalog_items group by catalog_id, line_list_item_id having count(*) > 1) d
       union all select 'a placement in a catalog of another line list', count(*)::int
         from catalog_items ci join catalogs c on c.id = ci.catalog_id where c.line_list_id <> ci.line_list_id
       union all select 'a placement of an item of another line list', count(*)::int
         from catalog_items ci join line_list_items li on li.id = ci.line_list_item_id
         where li.line_list_id <> ci.line_list_id
       union all select 'an item in more catalogs than there are types', count(*)::int from
         (select 1 from catalog_items group by line_list_item_id having count(*) > ${catalogTypeValues.length}) m
       union all select 'two catalogs of one type in a line list', count(*)::int from
         (select 1 from catalogs group by line_list_id, type having count(*) > 1) t`,
    );
    for (const row of broken) if (row.count > 0) invariants.broken.push(`${row.rule}: ${row.count}`);

    const edits = new Map(result.edits);
    const orders = newCheck("orders answered 201, with their edits", result.created.length);
    const { rows: stored } = await client.query<{
      id: number;
      revision: number;
      status: OrderStatus;
      units: number;
      total_whs: string;
      lines: OrderLineState[] | null;
      line_units: number;
      line_total: string;
      statuses: OrderStatus[];
    }>(
      `select o.id, o.revision, o.status, o.units, o.total_whs::text,
         (select json_agg(json_build_object('lineListId', l.line_list_id, 'sku', l.sku,
            'quantity', l.quantity, 'unitWhs', l.unit_whs::text)) from order_lines l where l.order_id = o.id) as lines,
         (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as line_units,
         (select coalesce(sum(l.quantity * l.unit_whs), 0)::numeric(14, 2)::text
            from order_lines l where l.order_id = o.id) as line_total,
         array(select s.to_status from order_status_changes s where s.order_id = o.id order by s.id) as statuses
       from orders o where o.id = any($1)`,
      [result.created.map((order) => order.id)],
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const order of result.created) {
      const row = byId.get(order.id);
      if (!row) {
        orders.lost.push(`order ${order.id} answered 201 is missing`);
        continue;
      }
      if (row.units !== row.line_units || row.total_whs !== row.line_total) {
        orders.broken.push(
          `order ${order.id}: totals ${row.units} units, ${row.total_whs} but its lines sum to ${row.line_units}, ${row.line_total}`,
        );
      }
      if (result.uncertainOrders.includes(order.id)) continue;
      const answered = [...(edits.get(order.id) ?? [])].sort((a, b) => a.after.revision - b.after.revision);
      const chain = answered.every(
        (edit, index) => edit.after.revision === index + 2 && edit.sentRevision === edit.after.revision - 1,
      );
      if (!chain) {
        orders.lost.push(
          `order ${order.id}: answered edits at revisions ${answered.map((edit) => `${edit.sentRevision}→${edit.after.revision}`).join(", ")}`,
        );
      }
      const expected = answered.at(-1)?.after ?? order;
      const statuses = [
        "pending",
        ...answered.filter((edit) => edit.kind === "status").map((edit) => edit.after.status),
      ];
      const state = `revision ${row.revision}, ${row.status}, ${row.units} units, ${row.total_whs}, statuses ${row.statuses.join(" > ")}`;
      const wanted = `revision ${expected.revision}, ${expected.status}, ${expected.units} units, ${expected.totalWhs}, statuses ${statuses.join(" > ")}`;
      if (row.revision > expected.revision || row.statuses.length > statuses.length) {
        orders.refusedApplied.push(`order ${order.id}: ${state}; answered writes give ${wanted}`);
      } else if (state !== wanted) {
        orders.lost.push(`order ${order.id}: ${state}; answered writes give ${wanted}`);
      } else if (!sameList(sortedLines(row.lines ?? []), sortedLines(expected.lines))) {
        orders.lost.push(
          `order ${order.id}: lines ${JSON.stringify(sortedLines(row.lines ?? []))}; answered ${JSON.stringify(sortedLines(expected.lines))}`,
        );
      }
    }
    orders.lost.push(...result.wrongAnswers.filter((answer) => answer.startsWith("order")));

    const written = newCheck("staff orders written in the run against orders answered 201", 1);
    const { rows: count } = await client.query<{ n: number }>(
      "select count(*)::int as n from orders where id > $1 and source = 'staff'",
      [lastSeededOrderId],
    );
    const most = result.created.length + result.unansweredCreates;
    if (count[0]!.n < result.created.length) {
      written.lost.push(`${count[0]!.n} orders written, ${result.created.length} answered 201`);
    } else if (count[0]!.n > most) {
      written.refusedApplied.push(
        `${count[0]!.n} orders written, ${result.created.length} answered 201 and ${result.unansweredCreates} unanswered`,
      );
    }
    const portal = await verifyBuyers(client, result.portal, lastSeededOrderId);
    return {
      checks: [placements, counts, invariants, orders, written, ...portal.checks],
      lostCartLines: portal.lostLines,
    };
  });
}

type Align = "left" | "right";
/** A markdown table as prettier lays it out, so the report passes `prettier --check` as written. */
function markdownTable(header: string[], rows: string[][], align: Align[]): string {
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (align[column] === "right" ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(" | ")} |`;
  const rule = `| ${widths.map((width, column) => (align[column] === "right" ? `${"-".repeat(width - 1)}:` : "-".repeat(width))).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(0));

/** The figures of one action, or of all: answers by status class, and latencies of every answer. */
function summarize(figures: readonly ActionFigures[]) {
  const latencies = figures.flatMap((figure) => figure.latencies).sort((a, b) => a - b);
  const statuses = figures.flatMap((figure) => Object.entries(figure.statuses));
  const answered = (from: number) =>
    statuses.filter(([status]) => Number(status) >= from && Number(status) < from + 100);
  const clientErrors = new Map<string, number>();
  for (const [status, count] of answered(400))
    clientErrors.set(status, (clientErrors.get(status) ?? 0) + count);
  const noAnswer = figures.reduce((sum, figure) => sum + figure.networkErrors, 0);
  return {
    requests: latencies.length + noAnswer,
    ok: answered(200).reduce((sum, [, count]) => sum + count, 0),
    clientErrors: [...clientErrors].map(([status, count]) => `${status} × ${count}`).join(", ") || "0",
    serverErrors: answered(500).reduce((sum, [, count]) => sum + count, 0),
    noAnswer,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

function figuresTable(result: MixedResult) {
  const lines = [
    ...allActions.map((action) => ({ ...action, ...summarize([result.figures[action.name]]) })),
    { name: "all", kind: "", weight: "", ...summarize(Object.values(result.figures)) },
  ];
  const table = markdownTable(
    ["Action", "Kind", "Weight", "Requests", "2xx", "4xx", "5xx", "No answer", "p50 (ms)", "p99 (ms)"],
    lines.map((line) => [
      line.name,
      line.kind,
      String(line.weight),
      String(line.requests),
      String(line.ok),
      line.clientErrors,
      String(line.serverErrors),
      String(line.noAnswer),
      ms(line.p50),
      ms(line.p99),
    ]),
    ["left", "left", "right", "right", "right", "left", "right", "right", "right", "right"],
  );
  return { table, all: lines.at(-1)! };
}

/** Prints the figures and the checks, writes the report; true when the goals are met. */
async function report(
  result: MixedResult,
  { checks, lostCartLines }: { checks: Check[]; lostCartLines: number },
): Promise<boolean> {
  const { table, all } = figuresTable(result);
  const total = (part: "lost" | "refusedApplied" | "broken") =>
    checks.reduce((sum, check) => sum + check[part].length, 0);
  const outcome = [
    `requests: ${all.requests} (${(all.requests / (result.elapsedMs / 1000)).toFixed(1)} per second)`,
    `5xx: ${all.serverErrors}`,
    `lost updates: ${total("lost")}`,
    `lost cart lines: ${lostCartLines}`,
    `refused writes that changed something: ${total("refusedApplied")}`,
    `broken invariants: ${total("broken")}`,
    `p99: ${ms(all.p99)} ms`,
  ];
  const checksTable = markdownTable(
    ["Check", "Checked", "Lost", "Refused but applied", "Broken"],
    checks.map((check) => [
      check.name,
      String(check.checked),
      String(check.lost.length),
      String(check.refusedApplied.length),
      String(check.broken.length),
    ]),
    ["left", "right", "right", "right", "right"],
  );
  const edits = result.edits.reduce((sum, [, list]) => sum + list.length, 0);
  const { portal } = result;
  const submits = portal.buyers.flatMap((buyer) => buyer.submits);
  const counts = [
    `Order edits answered 2xx: ${edits} on ${result.edits.length} orders; refused with 409: ${result.refusedEdits}. Left out of the checks, their requests having had no answer: ${result.uncertainItems} items, ${result.uncertainLineLists.length} line lists' counts, ${result.uncertainOrders.length} orders' edits.`,
    `Portal buyers: ${portal.buyers.length}; cart writes refused with 409 and applied again on the cart it gave: ${portal.conflicts} (given up after 3 in a row: ${portal.givenUp}); submits answered 201: ${submits.length} (${submits.reduce((sum, submit) => sum + submit.orderIds.length, 0)} orders, ${submits.reduce((sum, submit) => sum + submit.lines.length, 0)} lines), refused with 400: ${portal.refusedSubmits}, unanswered: ${portal.unansweredSubmits}. Left out of the cart check, a write having had no answer since: ${portal.buyers.filter((buyer) => buyer.expected === null).length} carts.`,
  ].join("\n\n");
  const problems = checks.flatMap((check) =>
    [...check.lost, ...check.refusedApplied, ...check.broken]
      .slice(0, 10)
      .map((line) => `- ${check.name}: ${line}`),
  );
  const failures = result.failures
    .slice(0, 20)
    .map(
      (failure) => `- ${failure.action}: ${failure.status}, ${failure.request.trim()} → ${failure.detail}`,
    );
  console.log(`\n${table}\n\n${checksTable}\n\n${outcome.join("\n")}\n${counts}`);
  const load = `${clientCount} clients and ${buyerCount} buyers, ${durationMs / 1000} s, ${products.toLocaleString("en")} products: ${all.requests.toLocaleString("en")} requests`;
  await recordFigures("mixed", [
    { figure: "mixed load: answers 5xx", value: all.serverErrors, unit: "", atMost: 0, anchor: load },
    {
      figure: "mixed load: lost updates, refused writes applied, broken invariants",
      value: total("lost") + total("refusedApplied") + total("broken"),
      unit: "",
      atMost: 0,
      anchor: `${checks.reduce((sum, check) => sum + check.checked, 0).toLocaleString("en")} records checked`,
    },
    {
      figure: "mixed load: lost cart lines (portal buyers)",
      value: lostCartLines,
      unit: "",
      atMost: 0,
      anchor: `${submits.length} submits answered 201`,
    },
    {
      figure: "mixed load: p99 of every request",
      value: all.p99,
      unit: "ms",
      anchor: `p50 ${ms(all.p50)} ms`,
    },
  ]);
  for (const line of [...failures, ...problems]) console.log(line);

  const markdown = [
    "# Mixed load: `npm run bench:mixed`",
    "",
    `Run ${new Date().toISOString()} on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end), PostgreSQL on 127.0.0.1, ${products.toLocaleString("en")} products (seeded as by \`npm run bench:database\`), ${clientCount} signed-in staff clients and ${buyerCount} portal buyers for ${durationMs / 1000} s, each sending its next request as soon as the answer is read. Arguments: \`${process.argv.slice(2).join(" ")}\`.`,
    "",
    ...outcome.map((line) => `- ${line}`),
    "",
    table,
    "",
    "Order detail also counts the read before each order edit. 4xx are expected where clients race: an order edit is sent with the revision its client read just before, and gets 409 when another client's edit came first. A portal buyer's cart write gets 409 when written from its second device at a revision its first one moved, and is then applied again on the cart the 409 gave; a submit gets 400 when a line can no longer be ordered (a staff client moved its style out of the store's catalogs), and the buyer removes it.",
    "",
    "## The database against the answers",
    "",
    checksTable,
    "",
    counts,
    "",
    ...(failures.length > 0 ? ["## Requests answered 5xx or not at all", "", ...failures, ""] : []),
    ...(problems.length > 0 ? ["## Problems found", "", ...problems, ""] : []),
  ].join("\n");
  await mkdir(path.dirname(values.report), { recursive: true });
  await writeFile(values.report, markdown);
  console.log(`report: ${values.report}`);
  return (
    all.serverErrors === 0 &&
    total("lost") + total("refusedApplied") + total("broken") === 0 &&
    lostCartLines === 0
  );
}

/** Signs the clients in, runs them on the worker, checks the database; true when the goals are met. */
async function runMixed(server: SeededServer): Promise<boolean> {
  const address = await server.listen();
  const emails = await addStaff(server.url, server.config.ADMIN_EMAIL);
  log(`signing in ${clientCount} staff users`);
  const authorizations: string[] = [];
  for (const email of emails) authorizations.push((await signInOverHttp(address, email)).authorization);
  const accounts = await withClient(server.url, (client) => addBuyers(client, buyerCount));
  if (accounts.length < buyerCount) {
    // Stores see published line lists only: with fewer than 10,000 products none is published.
    log(
      `only ${accounts.length} of ${buyerCount} portal buyers: no published line list for the others' stores`,
    );
  }
  log(`signing in ${buyerCount} portal buyers`);
  const buyers: BuyerFixture[] = [];
  for (const account of accounts) {
    const { authorization } = await signInOverHttp(address, account.email);
    buyers.push({ authorization, userId: account.userId, storeId: account.storeId });
  }
  const job = await fixturesOf(server.url, authorizations, buyers, address);
  const lastSeededOrderId = await withClient(
    server.url,
    async (client) =>
      (await client.query<{ id: number }>("select coalesce(max(id), 0)::int as id from orders")).rows[0]!.id,
  );
  log(`${clientCount} clients and ${buyers.length} buyers for ${durationMs / 1000} s`);
  const result = await inWorker<MixedJob, MixedResult>(import.meta.url, job);
  return report(result, await verify(server.url, result, lastSeededOrderId));
}

const server = await startOnSeededDatabase(
  {
    adminUrl: values["admin-url"],
    name: `cm_bench_mixed_${products}`,
    products,
    reuse: values.reuse,
    keep: values.keep,
  },
  log,
);
const met = await runMixed(server).finally(() => server.close());
process.exit(met ? 0 : 1);
