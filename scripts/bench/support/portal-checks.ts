// bench:mixed's portal buyers on the main thread: the stores and customer users they need, added
// set-based, and the checks of the database against what the buyers were answered
// (portal-buyers.ts runs them).
import { defaultPortalRoleName } from "@cm/contracts/portal";
import type pg from "pg";
import { cartLineKey, cartLinesText, type CartLineState, type PortalResult } from "./portal-buyers.ts";

const segmentations = "array['good', 'better', 'best']";

/**
 * What the portal needs of a seeded database, idempotent (a kept database gets it on `--reuse`):
 * a publication time for the published line lists, and every store of a customer a brand focus
 * on their brands (segmentation good, better, best in turn; the catalogs' audience is all three).
 */
export async function preparePortalData(client: pg.Client): Promise<void> {
  await client.query(
    "update line_lists set published_at = coalesce(publish_at, updated_at) where published and published_at is null",
  );
  await client.query(
    `insert into store_brand_segmentations (store_id, brand_id, position, segmentation)
     select s.id, b.brand_id, row_number() over (partition by s.id order by b.brand_id) - 1,
       (${segmentations})[1 + s.id % 3]
     from stores s join organizations o on o.id = s.organization_id and o.type = 'external'
     cross join (select distinct brand_id from line_lists where published) b
     on conflict do nothing`,
  );
}

export const buyerEmail = (index: number) => `bench-buyer-${String(index + 1).padStart(3, "0")}@example.com`;

export interface BuyerAccount {
  email: string;
  userId: number;
  storeId: number;
}

/**
 * `count` customer users with the Buyer role, each linked to a store of its own: an active store
 * of an active customer whose brand focus has the published line lists' brands. Stores are added
 * to the first customer when there are fewer; the buyers' carts of an earlier run are emptied.
 */
export async function addBuyers(client: pg.Client, count: number): Promise<BuyerAccount[]> {
  await preparePortalData(client);
  const eligible = `select s.id, s.organization_id from stores s
    join organizations o on o.id = s.organization_id and o.type = 'external' and o.status = 'active'
    where s.status = 'active'
      and exists (select 1 from store_brand_segmentations f
                  where f.store_id = s.id and f.brand_id in (select brand_id from line_lists where published))`;
  const { rows: found } = await client.query<{ n: number }>(`select count(*)::int as n from (${eligible}) e`);
  if (found[0]!.n < count) {
    await client.query(
      `insert into stores (organization_id, name, logo_url)
       select o.id, o.name || ' buyer store ' || g, 'https://logos.example/store.png'
       from (select id, name from organizations where type = 'external' and status = 'active' order by id limit 1) o
       cross join generate_series(1, $1) g`,
      [count - found[0]!.n],
    );
    await preparePortalData(client);
  }
  const emails = Array.from({ length: count }, (_, index) => buyerEmail(index));
  const { rows } = await client.query<{ email: string; user_id: number; store_id: number }>(
    `with store as (
       select id, organization_id, row_number() over (order by id) as n from (${eligible}) e order by id limit $1
     ), buyer as (
       insert into users (email, first_name, last_name, type, status, organization_id, role_id)
       select e.email, 'Bench', 'Buyer ' || e.n, 'external', 'active', store.organization_id,
         (select id from roles where type = 'external' and lower(name) = lower($3))
       from unnest($2::text[]) with ordinality as e(email, n) join store on store.n = e.n
       on conflict ((lower(email))) do update set organization_id = excluded.organization_id,
         role_id = excluded.role_id, status = 'active'
       returning id, email
     ), link as (
       insert into store_users (store_id, user_id)
       select store.id, buyer.id from unnest($2::text[]) with ordinality as e(email, n)
       join store on store.n = e.n join buyer on buyer.email = e.email
       on conflict do nothing
     )
     select buyer.email, buyer.id as user_id, store.id as store_id
     from unnest($2::text[]) with ordinality as e(email, n)
     join store on store.n = e.n join buyer on buyer.email = e.email order by e.n`,
    [count, emails, defaultPortalRoleName],
  );
  await client.query("delete from portal_carts where store_id = any($1)", [rows.map((row) => row.store_id)]);
  return rows.map((row) => ({ email: row.email, userId: row.user_id, storeId: row.store_id }));
}

/** One check, shaped as mixed.ts's: how many things it looked at, what it found. */
export interface PortalCheck {
  name: string;
  checked: number;
  lost: string[];
  refusedApplied: string[];
  broken: string[];
}

/**
 * The database against the buyers' answers: each store's cart against the last cart answered 2xx
 * after the buyer's last submit, and each submit answered 201 against its orders (there, placed
 * through the portal by the buyer, with the cart's lines). `lostLines` counts the cart lines
 * missing or with another quantity, wherever: in a cart, in a submit's orders, in an answer.
 */
export async function verifyBuyers(
  client: pg.Client,
  result: PortalResult,
  lastSeededOrderId: number,
): Promise<{ checks: PortalCheck[]; lostLines: number }> {
  let lostLines = 0;
  const carts = {
    name: "portal carts (the last cart answered 2xx per store)",
    checked: 0,
    lost: [] as string[],
    refusedApplied: [] as string[],
    broken: [] as string[],
  };
  const known = result.buyers.filter((buyer) => buyer.expected !== null);
  const { rows: stored } = await client.query<{ store_id: number; lines: CartLineState[] | null }>(
    `select s.store_id,
       (select json_agg(json_build_object('lineListId', l.line_list_id, 'sku', l.sku, 'quantity', l.quantity))
        from portal_cart_lines l where l.store_id = s.store_id) as lines
     from unnest($1::int[]) as s(store_id)`,
    [known.map((buyer) => buyer.storeId)],
  );
  const byStore = new Map(stored.map((row) => [row.store_id, row.lines ?? []]));
  for (const buyer of known) {
    const expected = buyer.expected!;
    carts.checked += expected.length;
    const inDatabase = new Map((byStore.get(buyer.storeId) ?? []).map((line) => [cartLineKey(line), line]));
    const missing = expected.filter((line) => inDatabase.get(cartLineKey(line))?.quantity !== line.quantity);
    const wanted = new Set(expected.map(cartLineKey));
    const extra = [...inDatabase.keys()].filter((key) => !wanted.has(key));
    lostLines += missing.length;
    if (missing.length > 0) {
      carts.lost.push(
        `store ${buyer.storeId}: [${cartLinesText([...inDatabase.values()]).join(", ")}]; answered [${cartLinesText(expected).join(", ")}]`,
      );
    }
    if (extra.length > 0)
      carts.refusedApplied.push(`store ${buyer.storeId}: lines never answered ${extra.join(", ")}`);
  }

  const submits = result.buyers.flatMap((buyer) => buyer.submits);
  const orders = {
    name: "portal submits answered 201: their orders",
    checked: submits.length,
    lost: [] as string[],
    refusedApplied: [] as string[],
    broken: [] as string[],
  };
  const { rows: placed } = await client.query<{
    id: number;
    store_id: number;
    source: string;
    placed_by_user_id: number | null;
    lines: CartLineState[] | null;
  }>(
    `select o.id, o.store_id, o.source, o.placed_by_user_id,
       (select json_agg(json_build_object('lineListId', l.line_list_id, 'sku', l.sku, 'quantity', l.quantity))
        from order_lines l where l.order_id = o.id) as lines
     from orders o where o.id = any($1)`,
    [submits.flatMap((submit) => submit.orderIds)],
  );
  const orderById = new Map(placed.map((row) => [row.id, row]));
  for (const submit of submits) {
    const found = submit.orderIds.map((id) => orderById.get(id));
    const wrong = found.filter(
      (order) =>
        order &&
        (order.source !== "portal" ||
          order.placed_by_user_id !== submit.userId ||
          order.store_id !== submit.storeId),
    );
    for (const order of wrong) {
      orders.lost.push(
        `order ${order!.id}: store ${order!.store_id}, source ${order!.source}, placed by ${order!.placed_by_user_id}; submitted by user ${submit.userId} for store ${submit.storeId}`,
      );
    }
    const inOrders = new Set(cartLinesText(found.flatMap((order) => order?.lines ?? [])));
    const missing = cartLinesText(submit.lines).filter((line) => !inOrders.has(line));
    lostLines += missing.length;
    if (found.includes(undefined) || missing.length > 0) {
      orders.lost.push(
        `submit of store ${submit.storeId} (orders ${submit.orderIds.join(", ")}): ${found.filter((order) => !order).length} orders missing, lines missing ${missing.join(", ") || "none"}`,
      );
    }
  }

  const written = {
    name: "portal orders written in the run against submits answered 201",
    checked: 1,
    lost: [] as string[],
    refusedApplied: [] as string[],
    broken: [] as string[],
  };
  const { rows: count } = await client.query<{ n: number }>(
    "select count(*)::int as n from orders where id > $1 and source = 'portal'",
    [lastSeededOrderId],
  );
  const answered = submits.reduce((sum, submit) => sum + submit.orderIds.length, 0);
  if (count[0]!.n < answered)
    written.lost.push(`${count[0]!.n} portal orders written, ${answered} answered 201`);
  else if (count[0]!.n > answered && result.unansweredSubmits === 0) {
    written.refusedApplied.push(`${count[0]!.n} portal orders written, ${answered} answered 201`);
  }

  const answers = {
    name: "portal answers (carts and orders answered against the requests)",
    checked: result.answersChecked,
    lost: result.wrongAnswers.map((wrong) => wrong.problem),
    refusedApplied: [] as string[],
    broken: [] as string[],
  };
  lostLines += result.wrongAnswers.reduce((sum, wrong) => sum + wrong.lines, 0);
  return { checks: [carts, orders, written, answers], lostLines };
}
