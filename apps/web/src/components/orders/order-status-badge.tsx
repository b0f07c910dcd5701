import { type OrderStatus, orderStatusLabels } from "@cm/contracts/orders";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** Open orders in colour by how far along they are; finished ones quiet. */
const statusClasses: Record<OrderStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  processing: "border-sky-300 bg-sky-50 text-sky-900",
  shipped: "border-indigo-300 bg-indigo-50 text-indigo-900",
  delivered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  completed: "border-zinc-300 bg-zinc-100 text-zinc-800",
  cancelled: "border-red-200 bg-red-50 text-red-800",
};

/** An order's status as a badge: Pending, Processing, Shipped, Delivered, Completed or Cancelled. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(statusClasses[status], className)}>
      {orderStatusLabels[status]}
    </Badge>
  );
}
