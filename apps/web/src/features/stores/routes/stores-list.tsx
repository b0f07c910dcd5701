import { storeAddressStatus, storeMessages, storeTypeLabels, type Store } from "@cm/contracts/stores";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useStores } from "@/features/stores/api/get-stores";
import { useBrandOptions } from "@/lib/api/brands/get-brand-options";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useOrganizations } from "@/lib/api/organizations/get-organizations";

/** SPEC.md section 5, Search: stores by name. */
function matchesStore(store: Store, needle: string): boolean {
  return anyContains(needle, store.name);
}

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Organization", className: "hidden md:table-cell" },
  { header: "Brand focus", className: "hidden lg:table-cell" },
  { header: "Addresses", className: "hidden md:table-cell" },
  { header: "Type", className: "hidden sm:table-cell" },
  { header: "Status" },
  { header: "Actions", className: "w-12", srOnly: true },
];

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

  const addStore = (
    <RequirePermission permission="customers.manage">
      <Button asChild>
        <Link to={paths.home.stores.add.getHref()}>
          <PlusIcon aria-hidden="true" />
          Add Store
        </Link>
      </Button>
    </RequirePermission>
  );

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="Stores"
        description="The shops of your customers, their addresses and brands."
        actions={addStore}
      />
      <ListTableSection
        query={stores}
        list={list}
        label="Stores"
        search={{ label: "Search stores", placeholder: "Search by name" }}
        errorTitle="Could not load stores"
        columns={columns}
        empty={
          noStoresAtAll ? (
            <span className="flex flex-col items-center gap-3">
              {storeMessages.noStores}
              <RequirePermission permission="customers.manage" mode="hide">
                <Button variant="outline" size="sm" asChild>
                  <Link to={paths.home.stores.add.getHref()}>
                    <PlusIcon aria-hidden="true" />
                    Add Store
                  </Link>
                </Button>
              </RequirePermission>
            </span>
          ) : (
            "No results."
          )
        }
        rowKey={(store) => store.id}
        renderRow={(store) => (
          <>
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
            <TableCell className="hidden md:table-cell">{storeAddressStatus(store.addresses)}</TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant={store.brandFocusType.storeType === "multi-brand" ? "info" : "secondary"}>
                {storeTypeLabels[store.brandFocusType.storeType]}
              </Badge>
            </TableCell>
            <TableCell>
              <StatusBadge status={store.status} />
            </TableCell>
            <TableCell className="text-right">
              <RequirePermission permission="customers.manage">
                <Button variant="ghost" size="icon-sm" asChild>
                  <Link to={paths.home.stores.edit.getHref(store.id)} aria-label={`Edit ${store.name}`}>
                    <PencilIcon aria-hidden="true" />
                  </Link>
                </Button>
              </RequirePermission>
            </TableCell>
          </>
        )}
      />
    </section>
  );
}
