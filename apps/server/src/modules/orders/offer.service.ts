import type { LineListType } from "@cm/contracts/line-lists";
import { lineListMessages } from "@cm/contracts/line-lists";
import { orderMessages, orderTypeOfLineListType, type OrderOffer } from "@cm/contracts/orders";
import type { DbExecutor } from "../../db/client.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import { availabilityKey, findAvailableQuantities } from "../open-stock/repository.ts";
import { findOrganizationById } from "../organizations/repository.ts";
import { findOfferStyles, findOrderLineLists, findOrderStore } from "./repository.ts";

/** What the store can order from these line lists (New Order's grid), priced for its organization. */
export async function getOrderOffer(
  db: DbExecutor,
  storeId: number,
  lineListIds: readonly number[],
): Promise<OrderOffer> {
  const store = await findOrderStore(db, storeId);
  const lineLists = await findOrderLineLists(db, lineListIds);
  const found = new Map(lineLists.map((lineList) => [lineList.id, lineList]));
  lineListIds.forEach((id) => {
    const lineList = found.get(id);
    if (!lineList || lineList.stage !== "saved") {
      throw new NotFoundError(lineListMessages.lineListNotFound);
    }
    if (!lineList.published) {
      throw new InvalidError(orderMessages.lineListNotPublished, {
        lineListId: [orderMessages.lineListNotPublished],
      });
    }
  });
  const styles = await findOfferStyles(db, store.organizationId, lineListIds);
  // Each size's available quantity (Open Stock), where one is known: the grid warns above it.
  const available = await findAvailableQuantities(db, [...new Set(styles.map((style) => style.productId))]);
  const discounts = await organizationDiscountPercents(db, store.organizationId);
  return {
    lineLists: lineLists.map((lineList) => {
      const type = lineList.type as LineListType;
      // The distributor's own stock is what an open-stock order takes; other orders are filled
      // by the brand, so their grids show no available quantity.
      const fromOwnStock = orderTypeOfLineListType[type] === "open-stock";
      return {
        id: lineList.id,
        name: lineList.name,
        brandId: lineList.brandId,
        brandName: lineList.brandName,
        deadline: lineList.deadline,
        dateOfAvailability: lineList.dateOfAvailability,
        type,
        orderType: orderTypeOfLineListType[type],
        discountPercent: discounts.get(lineList.brandId) ?? 0,
        wholesaleFactor: Number(lineList.wholesaleFactor),
        styles: styles
          .filter((style) => style.lineListId === lineList.id)
          .map(({ lineListId: _lineListId, ...style }) => ({
            ...style,
            sizes: style.sizes.map((size) => {
              const quantity = fromOwnStock
                ? available.get(availabilityKey(style.productId, size.sku))
                : undefined;
              // Only where one is known: most sizes have none.
              return quantity === null || quantity === undefined
                ? size
                : { ...size, availableQuantity: quantity };
            }),
          })),
      };
    }),
  };
}

async function organizationDiscountPercents(
  db: DbExecutor,
  organizationId: number,
): Promise<Map<number, number>> {
  const organization = await findOrganizationById(db, organizationId);
  const discounts = (organization?.discounts ?? []) as { brandId: number; percentage: number }[];
  return new Map(discounts.map((discount) => [discount.brandId, discount.percentage]));
}
