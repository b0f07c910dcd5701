import { orderMessages, orderTypeLabels, orderTypeSchema } from "@cm/contracts/orders";
import { useMemo } from "react";
import { useParams } from "react-router";
import { PageHeader } from "@/components/list-page";
import { OrdersList } from "@/features/orders/components/orders-list";

/** `/home/orders/catalog-type/{open-stock|pre-book|brand-ats|future-stock}`: the orders of one type. */
export default function OrdersCatalogTypeRoute() {
  const { catalogTypeId = "" } = useParams();
  const parsed = orderTypeSchema.safeParse(catalogTypeId);
  const orderType = parsed.success ? parsed.data : undefined;
  const scope = useMemo(() => ({ orderType }), [orderType]);

  if (!orderType) {
    return (
      <section aria-labelledby="page-title" className="flex flex-col gap-4">
        <PageHeader title="Catalog Type Orders" />
        <p className="text-sm text-muted-foreground">
          There is no catalog type “{catalogTypeId}”. Choose one in the sidebar’s Orders group.
        </p>
      </section>
    );
  }

  const label = orderTypeLabels[orderType];
  return (
    <OrdersList
      title={`${label} Orders`}
      description={`Orders from ${label.toLowerCase()} line lists.`}
      scope={scope}
      emptyText={orderMessages.noCatalogTypeOrders(orderType)}
      exportName={`${orderType}-orders`}
    />
  );
}
