import { permissionLabel, permissionValues, withIncludedPermissions } from "@cm/contracts/permissions";
import type { Role } from "@cm/contracts/roles";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isAdminRole } from "@/lib/roles";

/**
 * A role's permissions in a list row: how many of the catalogue it holds, each named on hover or
 * focus. Customer roles hold none: they do not sign in to Catalog Manager.
 */
export function RolePermissionsSummary({ role }: { role: Role }) {
  if (role.type === "external") return <span className="text-muted-foreground">—</span>;
  // What the role grants: with what its permissions include, saved with them or not.
  const permissions = isAdminRole(role) ? permissionValues : withIncludedPermissions(role.permissions);
  if (permissions.length === 0) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        None
      </Badge>
    );
  }
  const count =
    permissions.length === permissionValues.length
      ? "All permissions"
      : `${permissions.length} of ${permissionValues.length}`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={`${role.name} permissions: ${count}`}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Badge variant="secondary" className="tabular-nums">
            {count}
          </Badge>
        </button>
      </TooltipTrigger>
      <TooltipContent>
        <ul className="flex flex-col gap-0.5 text-left">
          {permissions.map((permission) => (
            <li key={permission}>{permissionLabel(permission)}</li>
          ))}
        </ul>
      </TooltipContent>
    </Tooltip>
  );
}
