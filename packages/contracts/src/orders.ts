import { z } from "zod";
import { moneySchema } from "./money.ts";
import {
  entityIdSchema,
  idParamsSchema,
  maxPageSize,
  defaultPageSize,
  paginationSchema,
} from "./envelope.ts";
import {
  calendarDateSchema,
  lineListTypeLabels,
  lineListTypeSchema,
  type LineListType,
} from "./line-lists.ts";

/**
 * Orders (DESIGN.md sections 8 and 9): a store's request for quantities of SKUs from
 * published line lists. Money travels as a string with two decimals ("42.50"), never a float.
 */

// ---- Enumerations ----

/** An order's type follows the type of its line lists: own-stock line lists give open-stock. */
export const orderTypeValues = ["open-stock", "pre-book", "brand-ats", "future-stock"] as const;
export const orderTypeSchema = z.enum(orderTypeValues);
export type OrderType = z.infer<typeof orderTypeSchema>;

export const orderTypeLabels: Record<OrderType, string> = {
  "open-stock": "Open Stock",
  "pre-book": "Pre-Book",
  "brand-ats": "Brand ATS",
  "future-stock": "Future Stock",
};

export const orderTypeOfLineListType: Record<LineListType, OrderType> = {
  "own-stock": "open-stock",
  "pre-book": "pre-book",
  "brand-ats": "brand-ats",
  "future-stock": "future-stock",
};

export const lineListTypeOfOrderType: Record<OrderType, LineListType> = {
  "open-stock": "own-stock",
  "pre-book": "pre-book",
  "brand-ats": "brand-ats",
  "future-stock": "future-stock",
};

/**
 * One offer, two names (SPEC.md's labels, kept): a line list of the company's own stock is "Own
 * Stock", an order from it "Open Stock". Where an order's type is shown beside line lists, it
 * says where it comes from: "Open Stock (from Own Stock line lists)"; the other types share
 * their name with their line lists and read as they are.
 */
export function orderTypeWithSource(orderType: OrderType): string {
  const lineListLabel = lineListTypeLabels[lineListTypeOfOrderType[orderType]];
  const label = orderTypeLabels[orderType];
  return label === lineListLabel ? label : `${label} (from ${lineListLabel} line lists)`;
}

/** Where an order came from: written by staff, or placed through the customer portal (issue 34). */
export const orderSourceValues = ["staff", "portal"] as const;
export const orderSourceSchema = z.enum(orderSourceValues);
export type OrderSource = z.infer<typeof orderSourceSchema>;
export const orderSourceLabels: Record<OrderSource, string> = { staff: "Staff", portal: "Portal" };

export const orderStatusValues = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "completed",
  "cancelled",
] as const;
export const orderStatusSchema = z.enum(orderStatusValues);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Pending → Processing → Shipped → Delivered → Completed; Pending or Processing → Cancelled. */
export const orderNextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["completed"],
  completed: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderNextStatuses[from].includes(to);
}

/**
 * A move that asks before it is made (DESIGN.md: no one-click mistakes): cancelling, and any move
 * past Processing (the goods have left, or the order is closed).
 */
export function orderMoveNeedsConfirmation(to: OrderStatus): boolean {
  return to === "cancelled" || to === "shipped" || to === "delivered" || to === "completed";
}

/** Lines can be changed only while the order is pending. */
export const orderLinesEditableStatus: OrderStatus = "pending";

// ---- Limits and messages ----

export const orderLimits = {
  quantityMin: 1,
  quantityMax: 9_999,
  linesMax: 2_000,
  searchMaxLength: 100,
  monthsMax: 36,
  /**
   * An active customer with no order in this many days counts as inactive, once it has been a
   * customer that long (docs/orders.md, "Inactive accounts").
   */
  inactiveAfterDays: 90,
  dashboardLastOrders: 10,
  dashboardTopCustomers: 5,
  dashboardMostUnitsSold: 5,
  /** A status move may be undone this long after it (the screen offers it for less). */
  statusUndoSeconds: 30,
} as const;

export { formatOrderNumber, orderNumberPrefix } from "./order-number.ts";

function statusList(statuses: readonly OrderStatus[]): string {
  return statuses.length === 0 ? "none" : statuses.map((status) => orderStatusLabels[status]).join(", ");
}

export const orderMessages = {
  // Writes.
  created: "Order created successfully",
  linesUpdated: "Order lines updated successfully",
  statusUpdated: "Order status updated successfully",
  createFailed: "Failed to create order",
  updateFailed: "Failed to update order",
  // Refusals.
  notFound: "Order not found",
  invalidInput: "Wrong Input",
  linesRefused: "Some lines cannot be ordered",
  storeNotFound: "Store not found",
  storeInactive: "The store is inactive",
  organizationInactive: "The customer is inactive",
  organizationNotCustomer: "Orders are written for customer stores only",
  linesLocked: "Lines can be changed only while the order is Pending",
  statusUndone: (status: OrderStatus) =>
    `Status move undone: the order is ${orderStatusLabels[status]} again`,
  /** The history's summary of an undo: what it reverses, read as what it is. */
  statusUndoneSummary: (from: OrderStatus, to: OrderStatus) =>
    `Status: ${orderStatusLabels[from]} → ${orderStatusLabels[to]} (undone)`,
  undoNothing:
    "There is no status move of yours to undo on this order: only your own last move can be undone",
  undoChangedSince:
    "The order has changed since this status move, so it can no longer be undone. Reload it to see what changed.",
  undoTooLate: `A status move can be undone only within ${orderLimits.statusUndoSeconds} seconds of it`,
  transitionRefused: (from: OrderStatus, to: OrderStatus) =>
    `A ${orderStatusLabels[from]} order cannot become ${orderStatusLabels[to]}. Allowed next statuses: ${statusList(orderNextStatuses[from])}.`,
  // Line reasons: each refused line is named by index and SKU, with one of these.
  lineListNotFound: "Line list not found",
  lineListNotPublished: "The line list is not published",
  lineListWrongType: (lineListType: string, orderType: OrderType) =>
    `The line list is ${lineListType}, the order is ${orderTypeLabels[orderType]}`,
  deadlinePassed: (deadline: string) => `The deadline for orders (${deadline}) has passed`,
  skuNotFound: "No such SKU in this line list",
  styleNotInCatalog: "The style is in none of the line list's catalogs",
  skuRepeated: "This SKU is already on the order",
  styleWithoutPrice: "The style has no MSRP or wholesale price and cannot be priced",
  quantityRange: `Quantity must be a whole number from ${orderLimits.quantityMin} to ${orderLimits.quantityMax.toLocaleString("en-US")}`,
  linesRequired: "An order needs at least one line",
  tooManyLines: `An order holds at most ${orderLimits.linesMax.toLocaleString("en-US")} lines`,
  // Screens.
  noOrdersFound: "No orders found",
  noMultibrandOrders: "No multibrand orders found",
  noBrandOrders: "No orders found for this brand",
  noCatalogTypeOrders: (orderType: OrderType) =>
    `No ${orderTypeLabels[orderType].toLowerCase()} orders found`,
  noResults: "No results.",
  placedFromAfterTo: "Placed from must be on or before Placed to",
  itemsSelected: (count: number) => `${count} items selected`,
  bulkStatusConfirm: (count: number, status: OrderStatus) =>
    `Move ${count} ${count === 1 ? "order" : "orders"} to ${orderStatusLabels[status]}?`,
  bulkStatusMoved: (count: number, status: OrderStatus) =>
    `${count} ${count === 1 ? "order" : "orders"} moved to ${orderStatusLabels[status]}`,
  bulkStatusRefused: (count: number) => `${count} ${count === 1 ? "order" : "orders"} could not move`,
  bulkStatusUndone: (count: number, status: OrderStatus) =>
    `${count} ${count === 1 ? "order" : "orders"} moved back from ${orderStatusLabels[status]}`,
  bulkStatusUndoRefused: (count: number) =>
    `${count} ${count === 1 ? "order" : "orders"} could not be moved back`,
  exportFailed: "Failed to export orders",
  listLoadFailed: "The orders could not be loaded",
  noComparison: "—",
  // Dashboard; `month` is the month's name as shown ("March 2027").
  dashboardLoadFailed: "The orders dashboard could not be loaded",
  /** The current month's caption: its figures run up to now ("November 1–27, to date"). */
  dashboardToDate: (days: string) => `${days}, to date`,
  dashboardAsOfToday: (day: string) => `As of today, ${day}`,
  dashboardVersus: (period: string) => `vs ${period}`,
  inactiveAccountsDefinition: `Active customers with no order for ${orderLimits.inactiveAfterDays} days`,
  monthlyTotalsLoadFailed: "The monthly totals could not be loaded",
  noOrdersInMonth: (month: string) => `No orders in ${month}`,
  noCustomersInMonth: (month: string) => `No customer ordered in ${month}`,
  noUnitsSoldInMonth: (month: string) => `No units sold in ${month}`,
  noOrdersInMonths: (months: number) => `No orders in the last ${months} months`,
  /** Year 0000 matches YYYY-MM but is no calendar year (the database has none). */
  monthBeforeYearOne: "The month must be in year 0001 or later",
  // New Order and the order detail.
  orderLoadFailed: "The order could not be loaded",
  offerLoadFailed: "The styles of these line lists could not be loaded",
  noActiveStores: "This customer has no active store",
  noPublishedLineLists: (orderType: OrderType) =>
    `No published ${lineListTypeLabels[lineListTypeOfOrderType[orderType]]} line lists`,
  /** New Order's line lists step: which line lists an order of the type is written from. */
  lineListsOfType: (orderType: OrderType) =>
    orderType === "open-stock"
      ? `Published ${lineListTypeLabels["own-stock"]} line lists: an ${orderTypeLabels[orderType]} order is written from them (one offer, two names).`
      : `Published ${lineListTypeLabels[lineListTypeOfOrderType[orderType]]} line lists.`,
  noOrderableStyles: "None of this line list's styles is in a catalog yet",
  noLinesEntered: "Enter a quantity in at least one size to write the order",
  cancelConfirmTitle: (number: string) => `Cancel order ${number}?`,
  cancelConfirmDescription:
    "A cancelled order cannot be reopened or changed. You can undo this for a few seconds after, from the message that confirms it.",
  moveConfirmTitle: (number: string, to: OrderStatus) => `Move order ${number} to ${orderStatusLabels[to]}?`,
  moveConfirmDescription: (to: OrderStatus) =>
    to === "completed"
      ? "A completed order is closed: it cannot move again. You can undo this for a few seconds after, from the message that confirms it."
      : `From ${orderStatusLabels[to]} the order only moves forward. You can undo this for a few seconds after, from the message that confirms it.`,
  statusMovedToast: (number: string, to: OrderStatus) => `${number} moved to ${orderStatusLabels[to]}`,
  undo: "Undo",
  undoFailed: "Could not undo the status move",
  leaveConfirmTitle: "Leave without saving?",
  leaveConfirmDescription: "The quantities entered on this page will be lost.",
} as const;

/** The button that moves an order to a status (the detail offers only the allowed next ones). */
export const orderStatusActionLabels: Record<OrderStatus, string> = {
  pending: "Back to Pending",
  processing: "Start processing",
  shipped: "Mark as shipped",
  delivered: "Mark as delivered",
  completed: "Complete",
  cancelled: "Cancel order",
};

// ---- Shared pieces ----

export { moneySchema, type Money } from "./money.ts";

/** "YYYY-MM", a calendar month. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Expected a month as YYYY-MM");

const idQuery = z.coerce.number().int().min(1).max(2_147_483_647);

export const orderQuantitySchema = z
  .number(orderMessages.quantityRange)
  .int(orderMessages.quantityRange)
  .min(orderLimits.quantityMin, orderMessages.quantityRange)
  .max(orderLimits.quantityMax, orderMessages.quantityRange);

export const orderLineInputSchema = z.object({
  lineListId: entityIdSchema,
  sku: z.string().trim().min(1).max(100),
  quantity: orderQuantitySchema,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const orderLinesInputSchema = z
  .array(orderLineInputSchema)
  .min(1, orderMessages.linesRequired)
  .max(orderLimits.linesMax, orderMessages.tooManyLines);

// ---- Requests ----

/** `POST /api/orders`. */
export const createOrderInputSchema = z.object({
  storeId: entityIdSchema,
  orderType: orderTypeSchema,
  lines: orderLinesInputSchema,
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

/** `PUT /api/orders/{id}/lines`: replaces every line while the order is pending. */
export const updateOrderLinesInputSchema = z.object({
  lines: orderLinesInputSchema,
  revision: z.number().int().positive(),
});
export type UpdateOrderLinesInput = z.infer<typeof updateOrderLinesInputSchema>;

/** `PUT /api/orders/{id}/status`. */
export const updateOrderStatusInputSchema = z.object({
  newStatus: orderStatusSchema,
  revision: z.number().int().positive(),
});
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusInputSchema>;

/**
 * `POST /api/orders/{id}/status/undo`: reverses the caller's own last status move, given the
 * revision that move answered (the order must still be at it).
 */
export const undoOrderStatusInputSchema = z.object({
  revision: z.number().int().positive(),
});
export type UndoOrderStatusInput = z.infer<typeof undoOrderStatusInputSchema>;

export const orderParamsSchema = idParamsSchema;

export const orderSortValues = [
  "placedAt",
  "-placedAt",
  "customer",
  "-customer",
  "store",
  "-store",
  "brands",
  "-brands",
  "status",
  "-status",
  "units",
  "-units",
  "totalWhs",
  "-totalWhs",
] as const;
export const orderSortSchema = z.enum(orderSortValues);
export type OrderSort = z.infer<typeof orderSortSchema>;
export const defaultOrderSort: OrderSort = "-placedAt";

const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

/** `GET /api/orders`: every filter optional; `from` and `to` are calendar dates, both included. */
export const orderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  organizationId: idQuery.optional(),
  storeId: idQuery.optional(),
  brandId: idQuery.optional(),
  orderType: orderTypeSchema.optional(),
  multibrand: booleanQuery.optional(),
  lineListId: idQuery.optional(),
  q: z.string().trim().max(orderLimits.searchMaxLength).optional(),
  sort: orderSortSchema.default(defaultOrderSort),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});
/** What a client sends: every field optional. */
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListFilters = z.output<typeof orderListQuerySchema>;

/** `GET /api/orders/dashboard`: the month shown, the current one by default. */
export const orderDashboardQuerySchema = z.object({ month: monthSchema.optional() });
export type OrderDashboardQuery = z.infer<typeof orderDashboardQuerySchema>;

/** `GET /api/orders/monthly-totals`: the last `months` months, the current one included. */
export const orderMonthlyTotalsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(orderLimits.monthsMax).default(12),
});
export type OrderMonthlyTotalsQuery = z.input<typeof orderMonthlyTotalsQuerySchema>;

// ---- Answers ----

const namedSchema = z.object({ id: z.number().int(), name: z.string() });
export type Named = z.infer<typeof namedSchema>;

export const orderListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  placedAt: z.iso.datetime({ offset: true }),
  orderType: orderTypeSchema,
  status: orderStatusSchema,
  multibrand: z.boolean(),
  brands: z.array(namedSchema),
  units: z.number().int(),
  totalWhs: moneySchema,
  /** Staff wrote it, or a customer's buyer placed it through the portal. */
  source: orderSourceSchema,
  _revision: z.number().int().positive(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListDataSchema = z.object({
  orders: z.array(orderListItemSchema),
  total: z.number().int(),
  /** As in `paginationSchema`: the count stopped at its cap, so there are at least `total` orders. */
  totalIsLowerBound: paginationSchema.shape.totalIsLowerBound,
});
export type OrderListData = z.infer<typeof orderListDataSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  lineListId: z.number().int(),
  sku: z.string(),
  size: z.string(),
  style: z.object({
    id: z.number().int(),
    modelCode: z.string(),
    name: z.string().nullable(),
    color: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
  brand: namedSchema,
  quantity: z.number().int(),
  unitWhs: moneySchema,
  msrp: moneySchema,
  lineTotal: moneySchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderHistoryEntrySchema = z.object({
  /** Null for the order's creation. */
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema,
  changedAt: z.iso.datetime({ offset: true }),
  changedBy: namedSchema.nullable(),
  /** True when this change undid the one before it (a move back along the path). */
  undo: z.boolean().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const orderLineListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  deadline: calendarDateSchema.nullable(),
  dateOfAvailability: calendarDateSchema.nullable(),
});

export const orderSchema = orderListItemSchema.extend({
  /** Future stock: the line lists' date of availability. */
  shipDate: calendarDateSchema.nullable(),
  placedBy: namedSchema.nullable(),
  lineLists: z.array(orderLineListSchema),
  lines: z.array(orderLineSchema),
  history: z.array(orderHistoryEntrySchema),
  /** The statuses the order may move to next. */
  nextStatuses: z.array(orderStatusSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const countStatSchema = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  /** Null when the previous month is 0: there is nothing to compare with. */
  changePercent: z.number().nullable(),
});
export const moneyStatSchema = z.object({
  value: moneySchema,
  previous: moneySchema,
  changePercent: z.number().nullable(),
});

export const topCustomerSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  totalWhs: moneySchema,
});
export type TopCustomer = z.infer<typeof topCustomerSchema>;

export const mostUnitsSoldSchema = z.object({
  productId: z.number().int(),
  modelCode: z.string(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  brand: namedSchema,
  /** The line list its latest order line came from: where the style is shown. */
  lineListId: z.number().int(),
  units: z.number().int(),
  totalWhs: moneySchema,
});
export type MostUnitsSold = z.infer<typeof mostUnitsSoldSchema>;

export const orderDashboardSchema = z.object({
  month: monthSchema,
  previousMonth: monthSchema,
  /**
   * True when `month` is the current month: its figures run up to the request's moment, and the
   * previous month's up to the same moment a month before (the same day and time of day, or its
   * whole month when it has no such day), so both cover the same days.
   */
  toDate: z.boolean(),
  /** The last day (in the server's zone) the month's figures include: today when `toDate`. */
  through: z.iso.date(),
  /** The last day the previous month's figures include: the month's last day unless `toDate`. */
  previousThrough: z.iso.date(),
  totalWhs: moneyStatSchema,
  monobrandOrders: countStatSchema,
  multibrandOrders: countStatSchema,
  inactiveAccounts: countStatSchema,
  lastOrders: z.array(orderListItemSchema),
  topCustomers: z.array(topCustomerSchema),
  mostUnitsSold: z.array(mostUnitsSoldSchema),
});
export type OrderDashboard = z.infer<typeof orderDashboardSchema>;

export const monthlyTotalSchema = z.object({
  month: monthSchema,
  totalWhs: moneySchema,
  orders: z.number().int(),
});
export const orderMonthlyTotalsSchema = z.object({ months: z.array(monthlyTotalSchema) });
export type OrderMonthlyTotals = z.infer<typeof orderMonthlyTotalsSchema>;

/** The change from `previous` to `value` in percent, one decimal; null when `previous` is 0. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

// ---- What a store can order ----

/**
 * `GET /api/orders/offer?storeId=…&lineListId=…&lineListId=…`: the styles a store can order from
 * published line lists (those in at least one of the line list's catalogs), with their sizes and
 * the unit wholesale price this store's organization pays. New Order builds its grid from it.
 */
export const orderOfferQuerySchema = z.object({
  storeId: idQuery,
  lineListId: z
    .union([idQuery, z.array(idQuery).min(1).max(20)])
    .transform((value) => (Array.isArray(value) ? [...new Set(value)] : [value])),
});
export type OrderOfferQuery = z.input<typeof orderOfferQuerySchema>;

export const orderOfferStyleSchema = z.object({
  productId: z.number().int(),
  modelCode: z.string(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  msrp: moneySchema,
  unitWhs: moneySchema,
  sizes: z.array(
    z.object({
      sku: z.string(),
      size: z.string(),
      availableQuantity: z.number().int().optional(),
    }),
  ),
});
export type OrderOfferStyle = z.infer<typeof orderOfferStyleSchema>;

export const orderOfferLineListSchema = orderLineListSchema.extend({
  type: lineListTypeSchema,
  orderType: orderTypeSchema,
  /** The organization's discount for the brand, in percent (0 when none). */
  discountPercent: z.number(),
  wholesaleFactor: z.number(),
  styles: z.array(orderOfferStyleSchema),
});
export type OrderOfferLineList = z.infer<typeof orderOfferLineListSchema>;

export const orderOfferSchema = z.object({ lineLists: z.array(orderOfferLineListSchema) });
export type OrderOffer = z.infer<typeof orderOfferSchema>;
