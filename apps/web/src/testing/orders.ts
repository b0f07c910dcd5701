import type { OrderListItem } from "@cm/contracts/orders";

/** An order as the orders list shows it: Sole Mates' Beach Store, a Pending pre-book of Crocs. */
export function orderListItem(id: number, overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    number: `SO-${String(id).padStart(6, "0")}`,
    organizationId: 2,
    organizationName: "Sole Mates",
    storeId: 21,
    storeName: "Beach Store",
    placedAt: "2027-03-01T15:30:00.000Z",
    orderType: "pre-book",
    status: "pending",
    multibrand: false,
    brands: [{ id: 1, name: "Crocs" }],
    units: 24,
    totalWhs: "1234.50",
    source: "staff",
    _revision: 1,
    ...overrides,
  };
}
