import { orderMessages } from "@cm/contracts/orders";
import { OrdersList } from "@/features/orders/components/orders-list";

const scope = { multibrand: "true" } as const;

/** `/home/orders/multibrand`: orders with lines of more than one brand. */
export default function OrdersMultibrandRoute() {
  return (
    <OrdersList
      title="Multibrand Orders"
      description="Orders with lines of more than one brand."
      scope={scope}
      emptyText={orderMessages.noMultibrandOrders}
      exportName="multibrand-orders"
    />
  );
}
