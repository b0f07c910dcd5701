// Apart from orders.ts, whose schemas would otherwise come along into the web app's first bundle
// (the route table's breadcrumbs name an order by its number).

/** "SO-000042": how an order's number is written from its id. */
export const orderNumberPrefix = "SO-";
export function formatOrderNumber(id: number): string {
  return `${orderNumberPrefix}${String(id).padStart(6, "0")}`;
}
