import {
  includedPortalPermissions,
  isPortalPermission,
  type PortalPermission,
  portalPermissionDescriptions,
  portalPermissionLabels,
  portalPermissionValues,
  withIncludedPortalPermissions,
} from "@cm/contracts/portal";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/** The checked portal permissions that include `permission` (Orders includes Catalogs). */
function portalIncluders(permission: PortalPermission, held: ReadonlySet<string>): PortalPermission[] {
  return portalPermissionValues.filter(
    (candidate) => held.has(candidate) && (includedPortalPermissions[candidate] ?? []).includes(permission),
  );
}

export interface PortalPermissionsListProps {
  value: readonly string[];
  onChange: (permissions: PortalPermission[]) => void;
  disabled?: boolean;
  /** The list's accessible name. */
  label?: string;
}

/**
 * A customer role's permissions (issue 34): what its holders may do in the customer portal, one
 * checkbox each with what it allows. A permission another checked one includes (Catalogs under
 * Orders) is checked with it and locked, saying so, as on the staff grid.
 */
export function PortalPermissionsList({
  value,
  onChange,
  disabled = false,
  label = "Portal permissions",
}: PortalPermissionsListProps) {
  const id = useId();
  const held = new Set<string>(value.filter(isPortalPermission));

  function toggle(permission: PortalPermission, checked: boolean) {
    onChange(
      withIncludedPortalPermissions(
        portalPermissionValues.filter((candidate) =>
          candidate === permission ? checked : held.has(candidate),
        ),
      ),
    );
  }

  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-lg border">
      {portalPermissionValues.map((permission) => {
        const includers = portalIncluders(permission, held);
        const checkboxId = `${id}-${permission}`;
        const descriptionId = `${checkboxId}-description`;
        return (
          <li key={permission} className="flex items-start gap-3 p-3">
            <Checkbox
              id={checkboxId}
              aria-describedby={descriptionId}
              checked={held.has(permission) || includers.length > 0}
              disabled={disabled || includers.length > 0}
              onCheckedChange={(checked) => toggle(permission, checked === true)}
              className="mt-0.5"
            />
            <div className="flex min-w-0 flex-col gap-0.5">
              <Label htmlFor={checkboxId}>{portalPermissionLabels[permission]}</Label>
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {portalPermissionDescriptions[permission]}
                {includers.length > 0
                  ? ` (included in ${includers.map((includer) => portalPermissionLabels[includer]).join(", ")})`
                  : ""}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
