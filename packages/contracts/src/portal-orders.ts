import { z } from "zod";
import { entityIdSchema, fieldErrorsSchema, idParamsSchema, maxEntityId } from "./envelope.ts";
import { lineListTypeSchema } from "./line-lists.ts";
import {
  moneySchema,
  orderLimits,
  orderLineInputSchema,
  orderListItemSchema,
  orderQuantitySchema,
  orderSchema,
  orderStatusSchema,
  orderTypeSchema,
} from "./orders.ts";

/**
 * Ordering in the customer portal (issue 34, docs/portal.md "The cart and orders"): the cart, a
 * draft order per store kept on the server as the user types, its submission (one Pending order
 * per order type, exactly as staff orders are written), direct placing, and the organization's
 * orders. Every route checks that the store, line list, cart or order belongs to the user's
 * organization and, for lines, is visible to the store: other ids answer 404.
 */

const idQuery = z.coerce.number().int().min(1).max(maxEntityId);

export const portalOrderMessages = {
  cart: "Cart retrieved successfully",
  cartSaved: "Cart saved",
  /** 409 when the cart changed since the revision sent (another tab or device). */
  cartChanged: "The cart was changed elsewhere (another tab or device). It has been reloaded.",
  cartEmpty: "The cart is empty",
  /** A reordered line that would take the cart past its size. */
  cartFull: `A cart holds at most ${(orderLimits.linesMax * 4).toLocaleString("en-US")} lines`,
  submitted: (count: number) => `${count} ${count === 1 ? "order" : "orders"} placed`,
  placed: "Order placed successfully",
  orders: "Orders retrieved successfully",
  order: "Order retrieved successfully",
  cancelled: "Order cancelled",
  cancelOnlyPending: "Only a Pending order can be cancelled",
  notFound: "Order not found",
  storeNotFound: "Store not found",
  /** A cart or order line naming a line list or SKU the store may not order. */
  lineNotVisible: "This style is not in a catalog published for the store",
  reordered: (added: number) => `${added} ${added === 1 ? "line" : "lines"} added to the cart`,
  reorderSkipped: (count: number) =>
    `${count} ${count === 1 ? "line is" : "lines are"} no longer orderable and ${count === 1 ? "was" : "were"} left out`,
  formImported: (count: number) => `${count} ${count === 1 ? "line" : "lines"} imported into the cart`,
  emptyCart: "Your cart is empty. Open a catalog and type quantities in the size grid.",
  noOrders: "No orders yet",
  submitConfirm: (count: number) =>
    `Submit the cart? It places ${count} ${count === 1 ? "order" : "orders"}, one per order type.`,
  confirmationSubject: (number: string) => `Order ${number} received`,
  statusSubject: (number: string, status: string) => `Order ${number} is now ${status}`,
} as const;

export { orderSourceLabels, orderSourceSchema, orderSourceValues, type OrderSource } from "./orders.ts";

/** A cart line as stored: a quantity of one SKU of one line list. */
export const cartLineInputSchema = orderLineInputSchema;
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** `PUT /api/portal/cart`: replaces the store's cart lines (a quantity of 0 is left out by the client). */
export const putCartInputSchema = z.object({
  storeId: entityIdSchema,
  lines: z.array(cartLineInputSchema).max(orderLimits.linesMax * 4),
  /** The cart's revision the client last read (0 for a store with no cart yet); 409 when it moved. */
  revision: z.number().int().min(0),
});
export type PutCartInput = z.infer<typeof putCartInputSchema>;

/** `POST /api/portal/cart/submit`. */
export const submitCartInputSchema = z.object({
  storeId: entityIdSchema,
  revision: z.number().int().min(0),
});

/** `POST /api/portal/orders`: places directly, under the same rules as a submitted cart. */
export const placePortalOrderInputSchema = z.object({
  storeId: entityIdSchema,
  lines: z
    .array(orderLineInputSchema)
    .min(1)
    .max(orderLimits.linesMax * 4),
});

export const portalCartQuerySchema = z.object({ storeId: idQuery });

export const cartLineSchema = z.object({
  lineListId: z.number().int(),
  lineListName: z.string(),
  lineListType: lineListTypeSchema,
  orderType: orderTypeSchema,
  brandId: z.number().int(),
  brandName: z.string(),
  modelCode: z.string(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sku: z.string(),
  size: z.string(),
  quantity: orderQuantitySchema,
  msrp: moneySchema.nullable(),
  unitWhs: moneySchema.nullable(),
  lineTotal: moneySchema.nullable(),
  /**
   * Why the line cannot be submitted now (the line list was unpublished for the store, the deadline
   * passed, the style left the catalogs…), with the order rules' messages; null when it can.
   */
  problem: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  storeId: z.number().int(),
  /** 0 while the store has no cart. */
  revision: z.number().int(),
  lines: z.array(cartLineSchema),
  units: z.number().int(),
  totalWhs: moneySchema,
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A portal order: the staff order's fields (with `source` and `placedBy`). */
export const portalOrderListItemSchema = orderListItemSchema;
export type PortalOrderListItem = z.infer<typeof portalOrderListItemSchema>;
export const portalOrderSchema = orderSchema;
export type PortalOrder = z.infer<typeof portalOrderSchema>;

/** `POST /api/portal/cart/submit` and `POST /api/portal/orders` answer (201) the orders placed. */
export const placedOrdersSchema = z.object({ orders: z.array(portalOrderSchema) });

export const portalOrdersQuerySchema = z.object({
  storeId: idQuery.optional(),
  status: orderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const portalOrdersSchema = z.object({
  orders: z.array(portalOrderListItemSchema),
  total: z.number().int(),
});

export const portalCancelInputSchema = z.object({ revision: z.number().int().positive() });

/** `POST /api/portal/orders/{id}/reorder` `{ storeId? }`: copies the order's lines into the store's cart. */
export const reorderInputSchema = z.object({ revision: z.number().int().min(0) });
export const reorderResultSchema = z.object({
  cart: cartSchema,
  added: z.number().int(),
  /** Lines no longer orderable, each with why. */
  skipped: z.array(z.object({ sku: z.string(), modelCode: z.string(), reason: z.string() })),
});

/**
 * The 409 of a cart write at a stale revision carries the current cart (`data.cart`), so the
 * client shows it without reading it again; other failures carry field errors or null.
 */
export const cartChangedEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.union([z.object({ cart: cartSchema }), fieldErrorsSchema]).nullable(),
});

export const portalOrderParamsSchema = idParamsSchema;
