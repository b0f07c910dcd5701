import { portalMessages } from "@cm/contracts/portal";
import type { QueryClient } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { StoreIcon } from "lucide-react";
import { useEffect } from "react";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { portalPaths } from "@/features/portal/paths";
import { CatalogHome } from "@/features/portal/components/catalog-home";
import { useChosenStore } from "@/features/portal/components/store-choice";
import { StoreSwitcher } from "@/features/portal/components/store-switcher";
import { usePortalCatalogs } from "@/lib/api/portal/get-portal-catalogs";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";
import { recordPortalVisit } from "@/lib/api/portal/record-portal-visit";

/**
 * The stores whose home this page load has recorded as seen, per app (its query client): once per
 * store, so the "New" badges stay while the user comes and goes, and are gone at the next visit.
 */
const recordedVisits = new WeakMap<QueryClient, Set<number>>();

function useRecordVisitOnce(storeId: number | undefined, shown: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!shown || storeId === undefined) return;
    const recorded = recordedVisits.get(queryClient) ?? new Set<number>();
    recordedVisits.set(queryClient, recorded);
    if (recorded.has(storeId)) return;
    recorded.add(storeId);
    // Only "New" depends on it: a failure is logged, not shown, and the next showing tries again.
    recordPortalVisit(storeId).catch((error: unknown) => {
      console.error(error);
      recorded.delete(storeId);
    });
  }, [queryClient, storeId, shown]);
}

function PortalHomeLoading() {
  return (
    <div role="status" aria-label="Loading your stores" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * `/portal`: a customer user's start (issue 34): their organization, the store they order for (a
 * switcher when they may order for several, kept in the URL), and the brands and line lists
 * published for that store, what is new since their last visit marked.
 */
export default function PortalHomeRoute() {
  const me = usePortalMe();
  const stores = me.data?.stores ?? [];
  const { store, choose } = useChosenStore(stores);
  const catalogs = usePortalCatalogs(store?.id);
  useRecordVisitOnce(store?.id, catalogs.isSuccess);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>{store ? `${store.name} · Catalog Manager` : "Portal · Catalog Manager"}</title>
      {me.isPending ? (
        <PortalHomeLoading />
      ) : me.isError ? (
        <>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Portal
          </h1>
          <ListLoadError
            title={portalMessages.meLoadFailed}
            message={me.error.message}
            onRetry={() => void me.refetch()}
          />
        </>
      ) : (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1">
              <p className="text-sm text-muted-foreground">Welcome, {me.data.user.firstName}</p>
              <h1 id="page-title" className="text-2xl font-semibold tracking-tight break-words">
                {me.data.organization.name}
              </h1>
            </div>
            {store && stores.length > 1 ? (
              <StoreSwitcher stores={stores} store={store} onChange={choose} />
            ) : null}
          </div>

          {store ? (
            <>
              {stores.length === 1 ? (
                <p className="flex items-center gap-2 text-sm">
                  <StoreIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span>
                    Ordering for <span className="font-medium">{store.name}</span>
                  </span>
                </p>
              ) : null}
              <CatalogHome
                query={catalogs}
                storeName={store.name}
                lineListHref={(lineListId, catalogType) =>
                  portalPaths.lineList.getHref(lineListId, store.id, { catalogType })
                }
              />
            </>
          ) : (
            <EmptyState
              icon={<StoreIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
              title={portalMessages.noStores}
              description={portalMessages.noStoresDescription}
            />
          )}
        </>
      )}
    </section>
  );
}
