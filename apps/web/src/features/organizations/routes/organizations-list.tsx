import { countryName } from "@cm/contracts/addresses";
import type { Customer } from "@cm/contracts/customers";
import { organizationMessages } from "@cm/contracts/organizations";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { NotAvailableYet } from "@/components/not-available-yet";
import { SearchInput } from "@/components/search-input";
import { StatusBadge } from "@/components/status-badge";
import { TablePagination } from "@/components/table-pagination";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useCustomers } from "@/features/organizations/api/get-customers";
import { anyContains, useListSearch } from "@/hooks/use-list-search";

/** SPEC.md section 5, Search: organizations by name or country (its code or its name). */
function matchesOrganization(customer: Customer, needle: string): boolean {
  const country = customer.address?.country;
  return anyContains(needle, customer.name, country, countryName(country));
}

const columnCount = 7;

/** `/home/organizations`: the customers, with their stores and users. */
export default function OrganizationsListRoute() {
  const customers = useCustomers();
  const list = useListSearch(customers.data, matchesOrganization);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Organizations · Catalog Manager</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Organizations
          </h1>
          <p className="text-muted-foreground">Your customers, their stores and their users.</p>
        </div>
        <Button asChild>
          <Link to={paths.home.organizations.create.getHref()}>
            <PlusIcon aria-hidden="true" />
            Add New Customer
          </Link>
        </Button>
      </div>

      <SearchInput
        aria-label="Search organizations"
        placeholder="Search by name or country"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />

      {customers.isError ? (
        <ListLoadError
          title="Could not load organizations"
          message={customers.error.message}
          onRetry={() => void customers.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg border">
            <Table aria-label="Organizations" aria-busy={customers.isPending}>
              <TableHeader className="sticky top-0 bg-background">
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Country</TableHead>
                  <TableHead className="hidden lg:table-cell">City</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Stores</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Users</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead className="w-24">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {customers.isPending ? (
                  <TableLoadingRows columns={columnCount} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columnCount}>{organizationMessages.listEmpty}</TableEmptyRow>
                ) : (
                  list.rows.map((customer) => (
                    <TableRow key={customer.id}>
                      <TableCell className="font-medium whitespace-normal">
                        <span className="block">{customer.name}</span>
                        <span className="block text-xs font-normal text-muted-foreground md:hidden">
                          {[customer.address?.city, countryName(customer.address?.country)]
                            .filter(Boolean)
                            .join(", ")}
                        </span>
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {customer.address ? countryName(customer.address.country) : "—"}
                      </TableCell>
                      <TableCell className="hidden lg:table-cell">{customer.address?.city ?? "—"}</TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {customer.stores.length}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {customer.userCount}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <StatusBadge status={customer.status} />
                      </TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1">
                          <Button variant="ghost" size="icon-sm" asChild>
                            <Link
                              to={paths.home.organizations.edit.getHref(customer.id)}
                              aria-label={`Edit ${customer.name}`}
                            >
                              <PencilIcon aria-hidden="true" />
                            </Link>
                          </Button>
                          {/* A customer with history is deactivated, not deleted. */}
                          <NotAvailableYet>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              disabled
                              aria-label={`Delete ${customer.name} (${organizationMessages.deleteNotAvailable})`}
                              className="text-destructive"
                            >
                              <Trash2Icon aria-hidden="true" />
                            </Button>
                          </NotAvailableYet>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          {!customers.isPending && <TablePagination list={list} label="organizations" />}
        </div>
      )}
    </section>
  );
}
