import {
  includedBy,
  type Permission,
  permissionActionLabels,
  permissionActions,
  permissionAreaLabels,
  permissionAreas,
  permissionDescriptions,
  permissionLabel,
  permissionMessages,
  permissionValues,
  withIncludedPermissions,
} from "@cm/contracts/permissions";
import { LockIcon } from "lucide-react";
import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

function isPermission(value: string): value is Permission {
  return (permissionValues as readonly string[]).includes(value);
}

export interface PermissionsGridProps {
  value: readonly Permission[];
  onChange: (permissions: Permission[]) => void;
  /** The Admin role's grid: every box checked, none can change. */
  locked?: boolean;
  disabled?: boolean;
  /** The grid's accessible name. */
  label?: string;
}

/**
 * A role's permissions as a grid of areas (rows) by actions (columns), a checkbox only
 * where the permission exists; hovering or focusing one says what it allows. A permission that
 * another checked one includes (Orders: View under Orders: Manage) is checked with it and locked,
 * saying so: its screens read what it reads (docs/security.md, "Shared reads").
 */
export function PermissionsGrid({
  value,
  onChange,
  locked = false,
  disabled = false,
  label = "Permissions",
}: PermissionsGridProps) {
  const id = useId();
  const held = new Set<Permission>(locked ? permissionValues : value);

  function toggle(permission: Permission, checked: boolean) {
    onChange(
      withIncludedPermissions(
        permissionValues.filter((candidate) => (candidate === permission ? checked : held.has(candidate))),
      ),
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {locked && (
        <p id={`${id}-locked`} className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <LockIcon aria-hidden="true" className="size-3.5" />
          {permissionMessages.adminPermissionsLocked}
        </p>
      )}
      <div className="rounded-lg border">
        <Table aria-label={label} aria-describedby={locked ? `${id}-locked` : undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="px-3">Area</TableHead>
              {permissionActions.map((action) => (
                <TableHead key={action} className="w-24 px-3 text-center">
                  {permissionActionLabels[action]}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {permissionAreas.map((area) => (
              <TableRow key={area} className="hover:bg-transparent">
                <TableHead scope="row" className="px-3">
                  {permissionAreaLabels[area]}
                </TableHead>
                {permissionActions.map((action) => {
                  const name = `${area}.${action}`;
                  if (!isPermission(name)) return <TableCell key={action} />;
                  const descriptionId = `${id}-${name}`;
                  const includers = locked ? [] : includedBy(name, [...held]);
                  const description =
                    includers.length > 0
                      ? `${permissionMessages.includedIn(includers)}. ${permissionDescriptions[name]}`
                      : permissionDescriptions[name];
                  return (
                    <TableCell key={action} className="px-3 text-center">
                      <Tooltip>
                        <TooltipTrigger asChild>
                          <Checkbox
                            aria-label={permissionLabel(name)}
                            aria-describedby={descriptionId}
                            checked={held.has(name) || includers.length > 0}
                            disabled={locked || disabled || includers.length > 0}
                            onCheckedChange={(checked) => toggle(name, checked === true)}
                            className="align-middle"
                          />
                        </TooltipTrigger>
                        <TooltipContent>{description}</TooltipContent>
                      </Tooltip>
                      <span id={descriptionId} hidden>
                        {description}
                      </span>
                      {includers.length > 0 && (
                        // Seen without hovering (a disabled box shows no tooltip on a touch screen).
                        <span aria-hidden="true" className="block text-xs text-muted-foreground">
                          Included
                        </span>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
