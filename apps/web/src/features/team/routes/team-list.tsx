import { fullName, type User, userMessages } from "@cm/contracts/users";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { ListLoadError, TableEmptyRow, TableLoadingRows } from "@/components/list-states";
import { SearchInput } from "@/components/search-input";
import { StatusBadge } from "@/components/status-badge";
import { TablePagination } from "@/components/table-pagination";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUsers } from "@/lib/api/users/get-users";

/** SPEC.md section 5, Search: team members by full name. */
function matchesTeamMember(user: User, needle: string): boolean {
  return anyContains(needle, fullName(user));
}

const columnCount = 5;

/** `/home/team`: the staff (internal users). */
export default function TeamListRoute() {
  const users = useUsers();
  const roles = useRoles();
  const team = useMemo(() => users.data?.filter((user) => user.type === "internal"), [users.data]);
  const list = useListSearch(team, matchesTeamMember);
  const roleNames = useMemo(
    () => new Map((roles.data ?? []).map((role) => [role.id, role.name])),
    [roles.data],
  );

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <title>Team · Catalog Manager</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
            Team
          </h1>
          <p className="text-muted-foreground">The staff who sign in to Catalog Manager.</p>
        </div>
        <Button asChild className="w-fit">
          <Link to={paths.home.team.create.getHref()}>
            <PlusIcon aria-hidden="true" />
            Add New Team Member
          </Link>
        </Button>
      </div>

      <SearchInput
        aria-label="Search team members"
        placeholder="Search by name"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
      />

      {users.isError ? (
        <ListLoadError
          title="Could not load the team"
          message={users.error.message}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-lg border">
            <Table aria-label="Team members" aria-busy={users.isPending}>
              <TableHeader className="sticky top-0 bg-background">
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Email</TableHead>
                  <TableHead className="hidden sm:table-cell">Role</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.isPending ? (
                  <TableLoadingRows columns={columnCount} />
                ) : list.rows.length === 0 ? (
                  <TableEmptyRow colSpan={columnCount}>{userMessages.noTeamMembers}</TableEmptyRow>
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
                      <TableCell className="hidden sm:table-cell">
                        {roleNames.get(user.roleId) ?? "—"}
                      </TableCell>
                      <TableCell>
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
          {!users.isPending && <TablePagination list={list} label="team members" />}
        </div>
      )}
    </section>
  );
}
