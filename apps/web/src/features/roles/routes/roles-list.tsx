import { type Role, roleTypeLabels } from "@cm/contracts/roles";
import { PencilIcon } from "lucide-react";
import { Link } from "react-router";
import { ListTableSection, PageHeader, type ListColumn } from "@/components/list-page";
import { RequirePermission } from "@/components/require-permission";
import { StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { CreateRoleDialog } from "@/features/roles/components/create-role-dialog";
import { RolePermissionsSummary } from "@/features/roles/components/role-permissions-summary";
import { anyContains, useListSearch } from "@/hooks/use-list-search";
import { useRoles } from "@/lib/api/roles/get-roles";

function matchesRole(role: Role, needle: string): boolean {
  return anyContains(needle, role.name, role.description);
}

const columns: ListColumn[] = [
  { header: "Name" },
  { header: "Type", className: "hidden sm:table-cell" },
  { header: "Status", className: "hidden sm:table-cell" },
  { header: "Permissions" },
  { header: "Users", className: "hidden text-right md:table-cell" },
  { header: "Actions", className: "w-12", srOnly: true },
];

/** `/home/team/roles`: the roles, what each allows and how many people hold it. */
export default function RolesListRoute() {
  const roles = useRoles();
  const list = useListSearch(roles.data, matchesRole);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <PageHeader
        title="Roles"
        description="What each role lets its holders do. A change applies at their next step, without signing in again."
        actions={<CreateRoleDialog />}
      />
      <ListTableSection
        query={roles}
        list={list}
        label="Roles"
        search={{ label: "Search roles", placeholder: "Search by name" }}
        errorTitle="Could not load roles"
        columns={columns}
        empty="No roles found"
        rowKey={(role) => role.id}
        renderRow={(role) => (
          <>
            <TableCell className="font-medium whitespace-normal">
              <span className="block">{role.name}</span>
              {role.description && (
                <span className="block max-w-md truncate text-xs font-normal text-muted-foreground">
                  {role.description}
                </span>
              )}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant={role.type === "internal" ? "secondary" : "outline"}>
                {roleTypeLabels[role.type]}
              </Badge>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <StatusBadge status={role.status} />
            </TableCell>
            <TableCell>
              <RolePermissionsSummary role={role} />
            </TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{role.userCount}</TableCell>
            <TableCell className="text-right">
              <RequirePermission permission="people.manage" tooltip="Edit">
                <Button variant="ghost" size="icon-sm" asChild>
                  <Link to={paths.home.roles.edit.getHref(role.id)} aria-label={`Edit ${role.name}`}>
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
