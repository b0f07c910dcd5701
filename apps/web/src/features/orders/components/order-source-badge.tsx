import { type OrderSource, orderSourceLabels } from "@cm/contracts/orders";
import { Badge } from "@/components/ui/badge";

/** "Portal" beside an order a customer's buyer placed through the portal; nothing for staff's. */
export function OrderSourceBadge({ source }: { source: OrderSource }) {
  if (source !== "portal") return null;
  return (
    <Badge variant="outline" title="Placed through the customer portal">
      {orderSourceLabels.portal}
    </Badge>
  );
}
