import { permissionLabel, permissionValues, withIncludedPermissions } from "@cm/contracts/permissions";
import {
  portalPermissionLabels,
  portalPermissionValues,
  withIncludedPortalPermissions,
} from "@cm/contracts/portal";
import type { Role } from "@cm/contracts/roles";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { isAdminRole } from "@/lib/roles";

/** What a role grants, named: with what its permissions include, saved with them or not. */
function grantedLabels(role: Role): { labels: string[]; catalogueSize: number } {
  if (role.type === "external") {
    // A customer role's permissions are the portal's (issue 34).
    const permissions = withIncludedPortalPermissions(role.portalPermissions ?? []);
    return {
      labels: permissions.map((permission) => portalPermissionLabels[permission]),
      catalogueSize: portalPermissionValues.length,
    };
  }
  const permissions = isAdminRole(role) ? permissionValues : withIncludedPermissions(role.permissions);
  return { labels: permissions.map(permissionLabel), catalogueSize: permissionValues.length };
}

/**
 * A role's permissions in a list row: how many of its catalogue it holds (the staff permissions
 * for a staff role, the portal permissions for a customer role), each named on hover or focus.
 */
export function RolePermissionsSummary({ role }: { role: Role }) {
  const { labels, catalogueSize } = grantedLabels(role);
  if (labels.length === 0) {
    return (
      <Badge variant="outline" className="text-muted-foreground">
        None
      </Badge>
    );
  }
  const count = labels.length === catalogueSize ? "All permissions" : `${labels.length} of ${catalogueSize}`;
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
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      </TooltipContent>
    </Tooltip>
  );
}
