import type { Role } from "@cm/contracts/roles";
import { fullName, userMessages, userTypeLabels, type UserWithMemberships } from "@cm/contracts/users";
import { PencilIcon, PlusIcon } from "lucide-react";
import type * as React from "react";
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
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUsersWithMemberships } from "@/lib/api/users/get-users-with-memberships";

/** SPEC.md section 5, Search: people by first name, last name or e-mail. */
function matchesPerson(user: UserWithMemberships, needle: string): boolean {
  return anyContains(needle, user.firstName, user.lastName, user.email);
}

const columnCount = 7;

/**
 * `/home/people`: every user, staff and customers. `actions` holds the header's extra buttons
 * (the Create Role dialog, from the roles feature).
 */
export function PeoplePage({ actions }: { actions?: React.ReactNode }) {
  const people = useUsersWithMemberships();
  const roles = useRoles();
  const list = useListSearch(people.data, matchesPerson);
  const roleNames = useMemo(
    () => new Map((roles.data ?? []).map((role: Role) => [role.id, role.name])),
    [roles.data],
  );

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>People · Catalog Manager</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            People
          </h1>
          <p className="text-muted-foreground">Your staff and the users of your customers.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button asChild>
            <Link to={paths.home.people.create.getHref()}>
              <PlusIcon aria-hidden="true" />
              Add New User
            </Link>
          </Button>
        </div>
      </div>

      <SearchInput
        aria-label="Search people"
        placeholder="Search by name or email"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />

      {people.isError ? (
        <ListLoadError
          title="Could not load people"
          message={people.error.message}
          onRetry={() => void people.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg border">
            <Table aria-label="People" aria-busy={people.isPending}>
              <TableHeader className="sticky top-0 bg-background">
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Email</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead className="hidden lg:table-cell">Organization</TableHead>
                  <TableHead className="hidden lg:table-cell">Role</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {people.isPending ? (
                  <TableLoadingRows columns={columnCount} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columnCount}>{userMessages.noPeople}</TableEmptyRow>
                ) : (
                  list.rows.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell className="font-medium">
                        <span className="block">{fullName(user)}</span>
                        <span className="block text-xs font-normal text-muted-foreground md:hidden">
                          {user.email}
                        </span>
                      </TableCell>
                      <TableCell className="hidden md:table-cell">{user.email}</TableCell>
                      <TableCell>
                        <Badge variant={user.type === "internal" ? "secondary" : "outline"}>
                          {userTypeLabels[user.type]}
                        </Badge>
                      </TableCell>
                      <TableCell className="hidden lg:table-cell">
                        {user.organizationMemberships
                          .map((membership) => membership.organization.name)
                          .join(", ")}
                      </TableCell>
                      <TableCell className="hidden lg:table-cell">
                        {roleNames.get(user.roleId) ?? "—"}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <StatusBadge status={user.status} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Button variant="ghost" size="icon-sm" asChild>
                          <Link
                            to={paths.home.people.edit.getHref(user.id)}
                            aria-label={`Edit ${fullName(user)}`}
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
          {!people.isPending && <TablePagination list={list} label="people" />}
        </div>
      )}
    </section>
  );
}
