import { orderMessages } from "@cm/contracts/orders";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { OrderGridSkeleton } from "@/features/orders/components/order-grid";

/** A link that names no order, or an order that does not exist: say so, and offer the way back. */
export function OrderDetailNotFound() {
  return (
    <section aria-labelledby="page-title" className="flex flex-col items-start gap-4">
      <title>{`${orderMessages.notFound} · Catalog Manager`}</title>
      <div className="flex items-center gap-3">
        <SearchXIcon aria-hidden="true" className="size-6 text-muted-foreground" />
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
          {orderMessages.notFound}
        </h1>
      </div>
      <p className="text-sm text-muted-foreground">The link may be wrong, or the order is not one of ours.</p>
      <Button variant="outline" asChild>
        <Link to={paths.home.orders.all.getHref()}>
          <ArrowLeftIcon aria-hidden="true" />
          All orders
        </Link>
      </Button>
    </section>
  );
}

/** The detail's outline while the order loads. */
export function OrderDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading the order" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-32 w-full" />
      <OrderGridSkeleton />
    </div>
  );
}
