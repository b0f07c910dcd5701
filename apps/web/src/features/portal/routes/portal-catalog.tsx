import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { portalMessages } from "@cm/contracts/portal";
import { StoreIcon } from "lucide-react";
import { useMemo } from "react";
import { useParams } from "react-router";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPaths } from "@/features/portal/paths";
import { CatalogCartSummary } from "@/features/portal/components/catalog-cart-summary";
import { CatalogStyles } from "@/features/portal/components/catalog-styles";
import { OrderFormDownload } from "@/features/portal/components/order-form-download";
import type { CartAccess } from "@/features/portal/components/size-grid";
import { type PortalStore, useChosenStore } from "@/features/portal/components/store-choice";
import { usePortalCart } from "@/features/portal/hooks/use-portal-cart";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { portalStylesSource } from "@/lib/api/portal/get-portal-styles";

function parseId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function catalogProps(store: PortalStore, lineListId: number) {
  return {
    lineListId,
    source: portalStylesSource(store.id),
    backHref: portalPaths.home.getHref(store.id),
    backLabel: "All catalogs",
  };
}

/** A Buyer's catalog: the size grids write to the store's cart, which is shown beside the header. */
function OrderableCatalog({ store, lineListId }: { store: PortalStore; lineListId: number }) {
  const { cart, quantityOf, setQuantity, saving } = usePortalCart(store.id);
  const access = useMemo<CartAccess>(() => ({ quantityOf, setQuantity }), [quantityOf, setQuantity]);
  return (
    <CatalogStyles
      {...catalogProps(store, lineListId)}
      cart={access}
      actions={
        <>
          <OrderFormDownload storeId={store.id} lineListId={lineListId} />
          <CatalogCartSummary cart={cart} saving={saving} href={portalPaths.cart.getHref(store.id)} />
        </>
      }
    />
  );
}

/**
 * `/portal/line-lists/{lineListId}?storeId=&catalogType=`: a line list's catalog as the store sees
 * it. A Buyer types quantities into the cart; a Store Viewer (no portal.orders.manage) sees the
 * sizes only.
 */
export default function PortalCatalogRoute() {
  const lineListId = parseId(useParams().lineListId);
  const me = usePortalMe();
  const { store } = useChosenStore(me.data?.stores ?? []);

  if (me.isPending) {
    return (
      <div role="status" aria-label="Loading the catalog" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <ListLoadError
        title={portalMessages.meLoadFailed}
        message={me.error.message}
        onRetry={() => void me.refetch()}
      />
    );
  }
  if (!store || lineListId === undefined) {
    return (
      <EmptyState
        icon={<StoreIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
        title={store ? portalCatalogMessages.lineListNotFound : portalMessages.noStores}
        description={store ? "This address names no line list." : portalMessages.noStoresDescription}
      />
    );
  }
  // A remount per store and line list: the cart and the search box start afresh.
  const key = `${store.id}-${lineListId}`;
  return me.data.permissions.includes("portal.orders.manage") ? (
    <OrderableCatalog key={key} store={store} lineListId={lineListId} />
  ) : (
    <CatalogStyles
      key={key}
      {...catalogProps(store, lineListId)}
      cart={null}
      actions={<OrderFormDownload storeId={store.id} lineListId={lineListId} />}
    />
  );
}
