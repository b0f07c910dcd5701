import type { PortalMe } from "@cm/contracts/portal";
import { BookOpenIcon, StoreIcon } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, ListLoadError } from "@/components/list-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { usePortalMe } from "@/lib/api/portal/get-portal-me";

type PortalStore = PortalMe["stores"][number];

/** The store chosen in the URL (`?storeId=`), or the first one when the URL names none of theirs. */
function useChosenStore(stores: readonly PortalStore[]) {
  const [query, setQuery] = useSearchParams();
  const requested = Number(query.get("storeId"));
  const store = stores.find((candidate) => candidate.id === requested) ?? stores[0];
  const choose = (storeId: string) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      next.set("storeId", storeId);
      return next;
    });
  return { store, choose };
}

function StoreSwitcher({
  stores,
  store,
  onChange,
}: {
  stores: readonly PortalStore[];
  store: PortalStore;
  onChange: (storeId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-72">
      <Label htmlFor={id}>Store</Label>
      <Select value={String(store.id)} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {stores.map((candidate) => (
            <SelectItem key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
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
 * `/portal`: a customer user's start (issue 34, "Who"): their organization, the store they order
 * for (a switcher when they may order for several, kept in the URL) and, for now, where the
 * catalogs published for that store will show.
 */
export default function PortalHomeRoute() {
  const me = usePortalMe();
  const stores = me.data?.stores ?? [];
  const { store, choose } = useChosenStore(stores);

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
            title="Your organization could not be loaded"
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
              <Card role="region" aria-labelledby="catalogs-title">
                <CardHeader>
                  <CardTitle>
                    <h2 id="catalogs-title">Catalogs</h2>
                  </CardTitle>
                  <CardDescription>The line lists published for {store.name}.</CardDescription>
                </CardHeader>
                <CardContent>
                  <EmptyState
                    icon={<BookOpenIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
                    title="No catalogs yet"
                    description={`Catalogs published for ${store.name} will appear here.`}
                  />
                </CardContent>
              </Card>
            </>
          ) : (
            <EmptyState
              icon={<StoreIcon aria-hidden="true" className="mb-2 size-6 text-muted-foreground" />}
              title="No stores yet"
              description="You are not linked to any active store of your organization yet. Ask your organization's contact or your Catalog Manager representative to add you to one."
            />
          )}
        </>
      )}
    </section>
  );
}
