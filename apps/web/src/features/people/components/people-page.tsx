import type { Role } from "@cm/contracts/roles";
import { fullName, userMessages, userTypeLabels, type UserWithMemberships } from "@cm/contracts/users";
import { PencilIcon, PlusIcon } from "lucide-react";
import type * as React from "react";
import { useMemo } from "react";
import { Link } from "react-router";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { UserNameCells } from "@/components/users/user-name-cells";
import { UserStatusActionButton } from "@/components/users/user-status-action-button";
import { paths } from "@/config/paths";
import { useChangeUserStatusAction } from "@/components/users/use-change-user-status-action";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useRoles } from "@/lib/api/roles/get-roles";
import { useUsersWithMemberships } from "@/lib/api/users/get-users-with-memberships";

/** SPEC.md section 5, Search: people by first name, last name or e-mail. */
function matchesPerson(user: UserWithMemberships, needle: string): boolean {
  return anyContains(needle, user.firstName, user.lastName, user.email);
}

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Email", className: "hidden md:table-cell" },
  { header: "Type" },
  { header: "Organization", className: "hidden lg:table-cell" },
  { header: "Role", className: "hidden lg:table-cell" },
  { header: "Status", className: "hidden sm:table-cell" },
  { header: "Actions", className: "w-20", srOnly: true },
];

/**
 * `/home/people`: every user, staff and customers. `actions` holds the header's extra buttons
 * (the Create Role dialog, from the roles feature).
 */
export function PeoplePage({ actions }: { actions?: React.ReactNode }) {
  const people = useUsersWithMemberships();
  const roles = useRoles();
  const list = useListSearch(people.data, matchesPerson);
  const statusAction = useChangeUserStatusAction();
  const roleNames = useMemo(
    () => new Map((roles.data ?? []).map((role: Role) => [role.id, role.name])),
    [roles.data],
  );

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="People"
        description="Your staff and the users of your customers."
        actions={
          <>
            {actions}
            <RequirePermission permission="customers.manage">
              <Button asChild>
                <Link to={paths.home.people.create.getHref()}>
                  <PlusIcon aria-hidden="true" />
                  Add New User
                </Link>
              </Button>
            </RequirePermission>
          </>
        }
      />
      <ListTableSection
        query={people}
        list={list}
        label="People"
        search={{ label: "Search people", placeholder: "Search by name or email" }}
        errorTitle="Could not load people"
        columns={columns}
        empty={userMessages.noPeople}
        rowKey={(user) => user.id}
        renderRow={(user) => (
          <>
            <UserNameCells user={user} />
            <TableCell>
              <Badge variant={user.type === "internal" ? "secondary" : "outline"}>
                {userTypeLabels[user.type]}
              </Badge>
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              {user.organizationMemberships.map((membership) => membership.organization.name).join(", ")}
            </TableCell>
            <TableCell className="hidden lg:table-cell">{roleNames.get(user.roleId) ?? "—"}</TableCell>
            <TableCell className="hidden sm:table-cell">
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                {/* Staff are managed with people, customers' users with customers. */}
                <RequirePermission
                  permission={user.type === "internal" ? "people.manage" : "customers.manage"}
                >
                  <Button variant="ghost" size="icon-sm" asChild>
                    <Link to={paths.home.people.edit.getHref(user.id)} aria-label={`Edit ${fullName(user)}`}>
                      <PencilIcon aria-hidden="true" />
                    </Link>
                  </Button>
                </RequirePermission>
                <UserStatusActionButton
                  user={user}
                  permission={user.type === "internal" ? "people.manage" : "customers.manage"}
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
