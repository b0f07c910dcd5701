import { orderMessages } from "@cm/contracts/orders";
import { OrdersList } from "@/features/orders/components/orders-list";

const scope = {};

/** `/home/orders/all`: every order. */
export default function OrdersAllRoute() {
  return (
    <OrdersList
      title="All Orders"
      description="Every order written for your customers."
      scope={scope}
      emptyText={orderMessages.noOrdersFound}
      exportName="orders"
    />
  );
}
