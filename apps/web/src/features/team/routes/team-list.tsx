import { fullName, type User, userMessages } from "@cm/contracts/users";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { UserNameCells } from "@/components/users/user-name-cells";
import { UserStatusActionButton } from "@/components/users/user-status-action-button";
import { paths } from "@/config/paths";
import { useChangeUserStatusAction } from "@/components/users/use-change-user-status-action";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUsers } from "@/lib/api/users/get-users";

/** SPEC.md section 5, Search: team members by full name. */
function matchesTeamMember(user: User, needle: string): boolean {
  return anyContains(needle, fullName(user));
}

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Email", className: "hidden md:table-cell" },
  { header: "Role", className: "hidden sm:table-cell" },
  { header: "Status" },
  { header: "Actions", className: "w-20", srOnly: true },
];

/** `/home/team`: the staff (internal users). */
export default function TeamListRoute() {
  const users = useUsers();
  const roles = useRoles();
  const team = useMemo(() => users.data?.filter((user) => user.type === "internal"), [users.data]);
  const list = useListSearch(team, matchesTeamMember);
  const statusAction = useChangeUserStatusAction();
  const roleNames = useMemo(
    () => new Map((roles.data ?? []).map((role) => [role.id, role.name])),
    [roles.data],
  );

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="Team"
        description="The staff who sign in to Catalog Manager."
        actions={
          <RequirePermission permission="people.manage">
            <Button asChild>
              <Link to={paths.home.team.create.getHref()}>
                <PlusIcon aria-hidden="true" />
                Add New Team Member
              </Link>
            </Button>
          </RequirePermission>
        }
      />
      <ListTableSection
        query={users}
        list={list}
        label="Team members"
        search={{ label: "Search team members", placeholder: "Search by name" }}
        errorTitle="Could not load the team"
        columns={columns}
        empty={userMessages.noTeamMembers}
        rowKey={(user) => user.id}
        renderRow={(user) => (
          <>
            <UserNameCells user={user} />
            <TableCell className="hidden sm:table-cell">{roleNames.get(user.roleId) ?? "—"}</TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                <RequirePermission permission="people.manage">
                  <Button variant="ghost" size="icon-sm" asChild>
                    <Link to={paths.home.people.edit.getHref(user.id)} aria-label={`Edit ${fullName(user)}`}>
                      <PencilIcon aria-hidden="true" />
                    </Link>
                  </Button>
                </RequirePermission>
                <UserStatusActionButton
                  user={user}
                  permission="people.manage"
                  onRequest={statusAction.requestStatusChange}
                />
              </div>
            </TableCell>
          </>
        )}
      />
      {statusAction.dialog}
    </section>
  );
}
