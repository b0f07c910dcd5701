import { portalMessages } from "@cm/contracts/portal";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { ShoppingCartIcon, StoreIcon } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPaths } from "@/features/portal/paths";
import { CartGroupCard } from "@/features/portal/components/cart-group-card";
import { cartOrderCount, groupCartLines } from "@/features/portal/components/cart-groups";
import { OrderFormImport } from "@/features/portal/components/order-form-import";
import { type PortalStore, useChosenStore } from "@/features/portal/components/store-choice";
import { StoreSwitcher } from "@/features/portal/components/store-switcher";
import { usePortalCart } from "@/features/portal/hooks/use-portal-cart";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { useSubmitPortalCart } from "@/lib/api/portal/submit-portal-cart";
import { isApiError } from "@/lib/api-client";
import { isBeingPriced } from "@/features/portal/hooks/cart-lines";
import { formatMoney } from "@/lib/format";

const unitsFormatter = new Intl.NumberFormat("en-US");

function CartLoading() {
  return (
    <div role="status" aria-label="Loading the cart" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The refused lines of a 400: each field error's messages ("SKU: why"). */
function refusedLines(data: unknown): string[] {
  if (typeof data !== "object" || data === null) return [];
  return Object.values(data as Record<string, unknown>).flatMap((messages) =>
    Array.isArray(messages)
      ? messages.filter((message): message is string => typeof message === "string")
      : [],
  );
}

/** The store's cart: its lines by brand and order type, totals, and Submit. */
function StoreCart({ store }: { store: PortalStore }) {
  const navigate = useNavigate();
  const { cart, isLoading, quantityOf, setQuantity, saving, loadError, reload } = usePortalCart(store.id);
  const submit = useSubmitPortalCart();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<{ message: string; lines: string[] } | null>(null);

  if (isLoading || (!cart && !loadError)) return <CartLoading />;
  if (!cart) {
    return (
      <ListLoadError
        title="The cart could not be loaded"
        message={loadError?.message ?? ""}
        onRetry={reload}
      />
    );
  }

  const catalogsLink = (
    <Button asChild variant="outline">
      <Link to={portalPaths.home.getHref(store.id)}>Browse catalogs</Link>
    </Button>
  );
  // A filled XLSX order form: its quantities are added to what the cart holds.
  const importSlot = (
    <OrderFormImport
      storeId={store.id}
      onLines={(lines) => {
        const added = new Map<string, { lineListId: number; sku: string; quantity: number }>();
        for (const line of lines) {
          const key = `${line.lineListId}:${line.sku}`;
          const sum = added.get(key) ?? { lineListId: line.lineListId, sku: line.sku, quantity: 0 };
          sum.quantity += line.quantity;
          added.set(key, sum);
        }
        for (const { lineListId, sku, quantity } of added.values()) {
          setQuantity(lineListId, sku, quantityOf(lineListId, sku) + quantity);
        }
      }}
    />
  );

  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <EmptyState
          icon={<ShoppingCartIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
          title={portalOrderMessages.cartEmpty}
          description={portalOrderMessages.emptyCart}
          action={catalogsLink}
        />
        {importSlot}
      </div>
    );
  }

  const groups = groupCartLines(cart.lines);
  const orderCount = cartOrderCount(cart.lines);

  function confirmSubmit() {
    if (!cart) return;
    submit.mutate(
      { storeId: store.id, revision: cart.revision },
      {
        onSuccess: ({ orders }) => {
          setConfirming(false);
          setRefused(null);
          toast.success(portalOrderMessages.submitted(orders.length));
          void navigate(portalPaths.orders.getHref(store.id));
        },
        onError: (error) => {
          setConfirming(false);
          if (isApiError(error) && error.status === 400) {
            setRefused({ message: error.message, lines: refusedLines(error.data) });
          } else {
            // 409: the cart changed elsewhere; it reloads (the mutation settles by reading it again).
            toast.error(error.message);
          }
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {refused ? (
        <Alert variant="destructive">
          <AlertTitle>{refused.message}</AlertTitle>
          {refused.lines.length > 0 ? (
            <AlertDescription>
              <ul className="list-disc pl-4">
                {refused.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
      {groups.map((group) => (
        <CartGroupCard key={group.key} group={group} onQuantity={setQuantity} />
      ))}
      <Card className="py-4">
        <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between">
          <dl className="flex gap-6 text-sm">
            <div>
              <dt className="text-muted-foreground">Units</dt>
              <dd className="text-lg font-semibold tabular-nums">{unitsFormatter.format(cart.units)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Total WHS</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {isBeingPriced(cart) ? "…" : formatMoney(cart.totalWhs)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button onClick={() => setConfirming(true)} disabled={saving || submit.isPending}>
              Submit
            </Button>
            <p aria-live="polite" className="text-xs text-muted-foreground">
              {saving ? "Saving…" : ""}
            </p>
          </div>
        </CardContent>
      </Card>
      {importSlot}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Submit the cart"
        description={portalOrderMessages.submitConfirm(orderCount)}
        confirmLabel="Submit"
        pendingLabel="Submitting…"
        pending={submit.isPending}
        onConfirm={confirmSubmit}
      />
    </div>
  );
}

/** `/portal/cart?storeId=`: the cart of the store shown, kept on the server as the user types (issue 34). */
export default function PortalCartRoute() {
  const me = usePortalMe();
  const stores = me.data?.stores ?? [];
  const { store, choose } = useChosenStore(stores);
  const canOrder = me.data?.permissions.includes("portal.orders.manage") ?? false;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Cart · Catalog Manager</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Cart
          </h1>
          {store && stores.length === 1 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <StoreIcon aria-hidden="true" className="size-4" />
              {store.name}
            </p>
          ) : null}
        </div>
        {store && stores.length > 1 ? (
          <StoreSwitcher stores={stores} store={store} onChange={choose} />
        ) : null}
      </div>
      {me.isPending ? (
        <CartLoading />
      ) : me.isError ? (
        <ListLoadError
          title={portalMessages.meLoadFailed}
          message={me.error.message}
          onRetry={() => void me.refetch()}
        />
      ) : !store ? (
        <EmptyState title={portalMessages.noStores} description={portalMessages.noStoresDescription} />
      ) : !canOrder ? (
        <EmptyState
          title="Ordering is not part of your role"
          description="Your role lets you see the catalogs. Ask your organization's contact for a role that orders."
        />
      ) : (
        <StoreCart key={store.id} store={store} />
      )}
    </section>
  );
}
