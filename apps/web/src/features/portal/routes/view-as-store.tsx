import { ArrowLeftIcon } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { CatalogHome } from "@/features/portal/components/catalog-home";
import { CatalogStyles } from "@/features/portal/components/catalog-styles";
import { StoreViewBanner } from "@/features/portal/components/store-view-banner";
import { portalViewStylesSource, usePortalViewCatalogs } from "@/lib/api/portal/get-portal-view";

function parseId(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The store's home as its buyers see it, read-only. */
function ViewedHome({
  storeId,
  storeName,
  catalogs,
}: {
  storeId: number;
  storeName: string;
  catalogs: ReturnType<typeof usePortalViewCatalogs>;
}) {
  return (
    <>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 self-start" asChild>
          <Link to={paths.home.stores.edit.getHref(storeId)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to the store
          </Link>
        </Button>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight break-words">
          {storeName}
        </h1>
      </div>
      <CatalogHome
        query={catalogs}
        storeName={storeName}
        lineListHref={(lineListId, catalogType) => {
          // The catalog's query as the portal's link has it: the catalog page reads it from the URL.
          const query = { lineListId: String(lineListId), catalogType };
          return paths.home.stores.viewAs.getHref(storeId, query);
        }}
      />
    </>
  );
}

/**
 * `/home/stores/{storeId}/view-as-store?lineListId=`: staff's "View as store" (catalogs.view): the
 * portal's home and catalogs exactly as the store's buyers see them, from the portal-view reads,
 * with no cart and no quantity fields.
 */
export default function ViewAsStoreRoute() {
  const storeId = parseId(useParams().storeId) ?? 0;
  const lineListId = parseId(useSearchParams()[0].get("lineListId"));
  // The home's read names the store, so staff with catalogs.view alone see its name too.
  const catalogs = usePortalViewCatalogs(storeId);
  const storeName = catalogs.data?.store.name ?? (catalogs.isPending ? "…" : `store ${storeId}`);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>{`${catalogs.data?.store.name ?? "View as store"} · Catalog Manager`}</title>
      <StoreViewBanner storeName={storeName} />
      {lineListId === undefined ? (
        <ViewedHome storeId={storeId} storeName={storeName} catalogs={catalogs} />
      ) : (
        <CatalogStyles
          key={lineListId}
          lineListId={lineListId}
          source={portalViewStylesSource(storeId)}
          cart={null}
          backHref={paths.home.stores.viewAs.getHref(storeId)}
          backLabel="All catalogs"
        />
      )}
    </section>
  );
}
