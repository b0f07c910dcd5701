import type { OrderLineInput, OrderStatus, OrderType } from "@cm/contracts/orders";
import { orderNextStatuses, orderTypeOfLineListType } from "@cm/contracts/orders";
import type { LineListType } from "@cm/contracts/line-lists";
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Tx } from "../db/client.ts";
import { DomainError } from "../lib/errors.ts";
import { findOfferStyles } from "../modules/orders/repository.ts";
import { changeOrderStatusInTransaction, createOrderInTransaction } from "../modules/orders/service.ts";

/**
 * Twelve months of believable orders for the demo customers (`npm run seed:demo`): more in
 * spring and autumn, open stock most of all, some multibrand, older orders further along their
 * status path and a few cancelled. Written through the same service as the API, so prices,
 * totals and histories are what staff would have produced; only the dates are in the past.
 * Deterministic, and added once: a database whose demo customers have orders is left alone.
 */

const dayMs = 24 * 60 * 60 * 1000;
/** Orders a month by calendar month (January first): the pre-book seasons are busiest. */
const seasonalOrders = [9, 11, 16, 18, 14, 9, 8, 12, 17, 19, 14, 10];
const typeWeights: [OrderType, number][] = [
  ["open-stock", 55],
  ["pre-book", 20],
  ["brand-ats", 15],
  ["future-stock", 10],
];
/** The demo customer that stopped ordering: the dashboard's inactive accounts count it. */
const lapsedCustomer = "Island Steps";
const lapsedAfterDays = 120;

/** mulberry32: a small seeded generator, so every run writes the same demo. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: readonly [T, number][]): T => {
    let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items.at(-1)![0];
  };
  return { next, int, pick, weighted };
}

interface DemoStore {
  id: number;
  organizationId: number;
  organizationName: string;
}

interface OrderableLineList {
  id: number;
  brandId: number;
  type: LineListType;
  deadline: string | null;
  skus: { sku: string; style: number }[];
}

async function demoStores(tx: Tx): Promise<DemoStore[]> {
  return rowsOf<DemoStore>(
    await tx.execute(sql`
      select s.id, o.id as "organizationId", o.name as "organizationName"
      from stores s join organizations o on o.id = s.organization_id
      where o.type = 'external' and o.status = 'active' and s.status = 'active'
      order by o.id, s.id
    `),
  );
}

async function orderableLineLists(tx: Tx, organizationId: number): Promise<OrderableLineList[]> {
  const lineLists = rowsOf<Omit<OrderableLineList, "skus">>(
    await tx.execute(sql`
      select id, brand_id as "brandId", type, deadline::text as deadline
      from line_lists where stage = 'saved' and published order by id
    `),
  );
  const styles = await findOfferStyles(
    tx,
    organizationId,
    lineLists.map((lineList) => lineList.id),
  );
  return lineLists
    .map((lineList) => ({
      ...lineList,
      skus: styles
        .filter((style) => style.lineListId === lineList.id)
        .flatMap((style) => style.sizes.map((size) => ({ sku: size.sku, style: style.productId }))),
    }))
    .filter((lineList) => lineList.skus.length > 0);
}

/** How far along its path an order placed `ageDays` ago would be, and whether it was cancelled. */
function demoStatusPath(ageDays: number, roll: () => number): OrderStatus[] {
  if (roll() < 0.07 && ageDays > 2) return ["cancelled"];
  const forward: OrderStatus[] = ["processing", "shipped", "delivered", "completed"];
  const steps = ageDays > 45 ? 4 : ageDays > 25 ? 3 : ageDays > 12 ? 2 : ageDays > 3 ? 1 : 0;
  return forward.slice(0, Math.max(0, steps - (roll() < 0.2 ? 1 : 0)));
}

function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

export async function seedDemoOrders(
  db: Database,
  options: { timeZone: string; now?: Date },
): Promise<{ created: number }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [existing] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from orders o join organizations org on org.id = o.organization_id
        where org.type = 'external'
      `),
    );
    if ((existing?.n ?? 0) > 0) return { created: 0 };
    const stores = await demoStores(tx);
    if (stores.length === 0) return { created: 0 };
    const lineLists = await orderableLineLists(tx, stores[0]!.organizationId);
    if (lineLists.length === 0) return { created: 0 };
    const [admin] = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from users where type = 'internal' and status = 'active' order by id limit 1`,
      ),
    );
    const actorUserId = admin?.id ?? null;
    const rng = random(2026);
    let created = 0;

    for (let monthsBack = 11; monthsBack >= 0; monthsBack--) {
      const start = monthStart(now, monthsBack);
      const end = Math.min(monthStart(now, monthsBack - 1).getTime(), now.getTime());
      const count = Math.round(
        seasonalOrders[start.getUTCMonth()]! * ((end - start.getTime()) / (31 * dayMs)),
      );
      for (let index = 0; index < count; index++) {
        const placedAt = new Date(start.getTime() + rng.next() * (end - start.getTime()));
        const ageDays = (now.getTime() - placedAt.getTime()) / dayMs;
        const store = rng.pick(
          stores.filter(
            (candidate) => ageDays > lapsedAfterDays || candidate.organizationName !== lapsedCustomer,
          ),
        );
        const placedOn = placedAt.toISOString().slice(0, 10);
        const orderType = rng.weighted(typeWeights);
        const ofType = lineLists.filter(
          (lineList) =>
            orderTypeOfLineListType[lineList.type] === orderType &&
            (lineList.deadline === null || lineList.deadline >= placedOn),
        );
        if (ofType.length === 0) continue;
        const first = rng.pick(ofType);
        const chosen = [first];
        const otherBrands = ofType.filter((lineList) => lineList.brandId !== first.brandId);
        if (otherBrands.length > 0 && rng.next() < 0.3) chosen.push(rng.pick(otherBrands));
        const lines = new Map<string, OrderLineInput>();
        for (const lineList of chosen) {
          const styles = [...new Set(lineList.skus.map((sku) => sku.style))];
          const styleCount = rng.int(2, Math.min(6, styles.length));
          for (let pickIndex = 0; pickIndex < styleCount; pickIndex++) {
            const style = rng.pick(styles);
            const sizes = lineList.skus.filter((sku) => sku.style === style);
            for (const size of sizes.slice(rng.int(0, 2), rng.int(3, sizes.length))) {
              lines.set(`${lineList.id}:${size.sku}`, {
                lineListId: lineList.id,
                sku: size.sku,
                quantity: rng.weighted([
                  [rng.int(1, 4), 5],
                  [rng.int(6, 12), 4],
                  [rng.int(24, 48), 1],
                ]),
              });
            }
          }
        }
        if (lines.size === 0) continue;
        const context = { actorUserId, timeZone: options.timeZone, at: placedAt };
        let order;
        try {
          order = await createOrderInTransaction(
            tx,
            { storeId: store.id, orderType, lines: [...lines.values()] },
            context,
          );
        } catch (error) {
          // A line the rules refuse (none should): that order is left out, the demo goes on.
          if (error instanceof DomainError) continue;
          throw error;
        }
        created++;
        let revision = order.revision;
        let at = placedAt.getTime();
        for (const status of demoStatusPath(ageDays, rng.next)) {
          if (!orderNextStatuses[order.status].includes(status)) break;
          at = Math.min(at + rng.int(1, 6) * dayMs, now.getTime());
          order = await changeOrderStatusInTransaction(
            tx,
            order.id,
            { newStatus: status, revision },
            { ...context, at: new Date(at) },
          );
          revision = order.revision;
        }
      }
    }
    return { created };
  });
}
