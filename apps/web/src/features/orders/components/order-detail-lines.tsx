import type { Order } from "@cm/contracts/orders";
import { useMemo } from "react";
import { OrderGrid } from "@/features/orders/components/order-grid";
import { gridLineListsFromOrder, quantitiesFromOrder } from "@/features/orders/utils/order-grid";

/** An order's lines, read-only: per line list, its styles by the sizes ordered, with totals. */
export function OrderDetailLines({ order }: { order: Order }) {
  const lineLists = useMemo(() => gridLineListsFromOrder(order), [order]);
  const quantities = useMemo(() => quantitiesFromOrder(order), [order]);
  return (
    <div className="flex flex-col gap-8">
      {lineLists.map((lineList) => (
        <OrderGrid key={lineList.id} lineList={lineList} quantities={quantities} emptyText="No lines." />
      ))}
    </div>
  );
}
