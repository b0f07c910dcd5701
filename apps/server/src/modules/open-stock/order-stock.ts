import type { OrderStatus, OrderType } from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../db/client.ts";

/**
 * What an open-stock order does to the available quantities (docs/open-stock.md): moving into
 * Processing takes each line's quantity from its SKU's available quantity, where one is known, and
 * records what it took; moving back to Pending (an undo) or to Cancelled gives back what was taken.
 * Moves along the path past Processing (Shipped, Delivered, Completed) leave them alone, so an
 * order takes once however far it goes. Quantities may go below 0 when staff sell more than there
 * is: New Order warns, it never refuses.
 */

/** The statuses in which an order holds the stock it took. */
const holding: ReadonlySet<OrderStatus> = new Set(["processing", "shipped", "delivered", "completed"]);

export async function moveOpenStockWithOrder(
  tx: Tx,
  move: { orderId: number; orderType: OrderType; from: OrderStatus; to: OrderStatus },
): Promise<void> {
  if (move.orderType !== "open-stock") return;
  const wasHolding = holding.has(move.from);
  const willHold = holding.has(move.to);
  if (!wasHolding && willHold) await takeOrderStock(tx, move.orderId);
  else if (wasHolding && !willHold) await giveBackOrderStock(tx, move.orderId);
}

/** Locks the product sizes of the order's reserved SKUs in id order, so concurrent moves never deadlock. */
async function lockReservedSizes(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`
    select ps.id from product_sizes ps
    where ps.sku in (select r.sku from open_stock_reservations r where r.order_id = ${orderId})
      and ps.available_quantity is not null
    order by ps.id for update
  `);
}

async function takeOrderStock(tx: Tx, orderId: number): Promise<void> {
  // Only SKUs whose quantity is known: an unknown one stays unknown, and nothing is given back for it.
  const taken = rowsOf<{ sku: string }>(
    await tx.execute(sql`
      insert into open_stock_reservations (order_id, sku, quantity)
      select ${orderId}::int, ol.sku, sum(ol.quantity)::int
      from order_lines ol
      where ol.order_id = ${orderId}
        and exists (select 1 from product_sizes ps where ps.sku = ol.sku and ps.available_quantity is not null)
      group by ol.sku
      on conflict (order_id, sku) do nothing
      returning sku
    `),
  );
  if (taken.length === 0) return;
  await lockReservedSizes(tx, orderId);
  await tx.execute(sql`
    update product_sizes ps set available_quantity = ps.available_quantity - r.quantity
    from open_stock_reservations r
    where r.order_id = ${orderId} and ps.sku = r.sku and ps.available_quantity is not null
  `);
}

async function giveBackOrderStock(tx: Tx, orderId: number): Promise<void> {
  await lockReservedSizes(tx, orderId);
  await tx.execute(sql`
    update product_sizes ps set available_quantity = ps.available_quantity + r.quantity
    from open_stock_reservations r
    where r.order_id = ${orderId} and ps.sku = r.sku and ps.available_quantity is not null
  `);
  await tx.execute(sql`delete from open_stock_reservations where order_id = ${orderId}`);
}
