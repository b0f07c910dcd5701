import { countryName } from "@cm/contracts/addresses";
import type { Customer } from "@cm/contracts/customers";
import { organizationMessages } from "@cm/contracts/organizations";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { NotAvailableYet } from "@/components/not-available-yet";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useCustomers } from "@/features/organizations/api/get-customers";
import { anyContains, useListSearch } from "@/hooks/use-list-search";

/** SPEC.md section 5, Search: organizations by name or country (its code or its name). */
function matchesOrganization(customer: Customer, needle: string): boolean {
  const country = customer.address?.country;
  return anyContains(needle, customer.name, country, countryName(country));
}

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Country", className: "hidden md:table-cell" },
  { header: "City", className: "hidden lg:table-cell" },
  { header: "Stores", className: "hidden text-right sm:table-cell" },
  { header: "Users", className: "hidden text-right sm:table-cell" },
  { header: "Status", className: "hidden sm:table-cell" },
  { header: "Actions", className: "w-24", srOnly: true },
];

/** `/home/organizations`: the customers, with their stores and users. */
export default function OrganizationsListRoute() {
  const customers = useCustomers();
  const list = useListSearch(customers.data, matchesOrganization);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="Organizations"
        description="Your customers, their stores and their users."
        actions={
          <RequirePermission permission="customers.manage">
            <Button asChild>
              <Link to={paths.home.organizations.create.getHref()}>
                <PlusIcon aria-hidden="true" />
                Add New Customer
              </Link>
            </Button>
          </RequirePermission>
        }
      />
      <ListTableSection
        query={customers}
        list={list}
        label="Organizations"
        search={{ label: "Search organizations", placeholder: "Search by name or country" }}
        errorTitle={organizationMessages.listLoadFailed}
        columns={columns}
        empty={organizationMessages.listEmpty}
        rowKey={(customer) => customer.id}
        renderRow={(customer) => (
          <>
            <TableCell className="font-medium whitespace-normal">
              <span className="block">{customer.name}</span>
              <span className="block text-xs font-normal text-muted-foreground md:hidden">
                {[customer.address?.city, countryName(customer.address?.country)].filter(Boolean).join(", ")}
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
                <RequirePermission permission="customers.manage">
                  <Button variant="ghost" size="icon-sm" asChild>
                    <Link
                      to={paths.home.organizations.edit.getHref(customer.id)}
                      aria-label={`Edit ${customer.name}`}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Link>
                  </Button>
                </RequirePermission>
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
          </>
        )}
      />
    </section>
  );
}
