import { storeAddressStatus, storeMessages, storeTypeLabels, type Store } from "@cm/contracts/stores";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { StatusBadge } from "@/components/status-badge";
import { TablePagination } from "@/components/table-pagination";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useStores } from "@/features/stores/api/get-stores";
import { useBrandOptions } from "@/hooks/use-brand-options";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";

/** SPEC.md section 5, Search: stores by name. */
function matchesStore(store: Store, needle: string): boolean {
  return anyContains(needle, store.name);
}

const columnCount = 7;

/** `/home/stores`: every customer store. */
export default function StoresListRoute() {
  const stores = useStores();
  const organizations = useOrganizations();
  const brands = useBrandOptions();
  const list = useListSearch(stores.data, matchesStore);
  const organizationNames = useMemo(
    () => new Map((organizations.data ?? []).map((organization) => [organization.id, organization.name])),
    [organizations.data],
  );
  const brandNames = useMemo(
    () => new Map((brands.data ?? []).map((brand) => [brand.id, brand.name])),
    [brands.data],
  );
  const noStoresAtAll = stores.data?.length === 0;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Stores · Catalog Manager</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Stores
          </h1>
          <p className="text-muted-foreground">The shops of your customers, their addresses and brands.</p>
        </div>
        <Button asChild>
          <Link to={paths.home.stores.add.getHref()}>
            <PlusIcon aria-hidden="true" />
            Add Store
          </Link>
        </Button>
      </div>

      <SearchInput
        aria-label="Search stores"
        placeholder="Search by name"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />

      {stores.isError ? (
        <ListLoadError
          title="Could not load stores"
          message={stores.error.message}
          onRetry={() => void stores.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg border">
            <Table aria-label="Stores" aria-busy={stores.isPending}>
              <TableHeader className="sticky top-0 bg-background">
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Organization</TableHead>
                  <TableHead className="hidden lg:table-cell">Brand focus</TableHead>
                  <TableHead className="hidden md:table-cell">Addresses</TableHead>
                  <TableHead className="hidden sm:table-cell">Type</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {stores.isPending ? (
                  <TableLoadingRows columns={columnCount} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columnCount}>
                    {noStoresAtAll ? (
                      <span className="flex flex-col items-center gap-3">
                        {storeMessages.noStores}
                        <Button variant="outline" size="sm" asChild>
                          <Link to={paths.home.stores.add.getHref()}>
                            <PlusIcon aria-hidden="true" />
                            Add Store
                          </Link>
                        </Button>
                      </span>
                    ) : (
                      "No results."
                    )}
                  </TableEmptyRow>
                ) : (
                  list.rows.map((store) => (
                    <TableRow key={store.id}>
                      <TableCell className="font-medium whitespace-normal">
                        <span className="block">{store.name}</span>
                        <span className="block text-xs font-normal text-muted-foreground md:hidden">
                          {organizationNames.get(store.organizationId) ?? ""}
                        </span>
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {organizationNames.get(store.organizationId) ?? "—"}
                      </TableCell>
                      <TableCell className="hidden max-w-64 truncate lg:table-cell">
                        {store.brandFocusType.brandSegmentation
                          .map((entry) => brandNames.get(entry.brandId) ?? `#${entry.brandId}`)
                          .join(", ")}
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {storeAddressStatus(store.addresses)}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <Badge
                          variant={store.brandFocusType.storeType === "multi-brand" ? "info" : "secondary"}
                        >
                          {storeTypeLabels[store.brandFocusType.storeType]}
                        </Badge>
                      </TableCell>
                      <TableCell>
                        <StatusBadge status={store.status} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Button variant="ghost" size="icon-sm" asChild>
                          <Link
                            to={paths.home.stores.edit.getHref(store.id)}
                            aria-label={`Edit ${store.name}`}
                          >
                            <PencilIcon aria-hidden="true" />
                          </Link>
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          {!stores.isPending && <TablePagination list={list} label="stores" />}
        </div>
      )}
    </section>
  );
}
