import { fullName, userMessages } from "@cm/contracts/users";
import { PowerIcon, PowerOffIcon } from "lucide-react";
import type { Permission } from "@cm/contracts/permissions";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import type { UserStatusTarget } from "@/components/users/use-change-user-status-action";

/**
 * A list row's Deactivate or Reactivate button; `onRequest` asks before anything changes. Without
 * `permission` (people.manage for staff, customers.manage for customer users) it is disabled with
 * the reason.
 */
export function UserStatusActionButton({
  user,
  permission,
  onRequest,
}: {
  user: UserStatusTarget;
  permission: Permission;
  onRequest: (user: UserStatusTarget) => void;
}) {
  const active = user.status === "active";
  const label = active ? userMessages.deactivate : userMessages.reactivate;
  return (
    <RequirePermission permission={permission} tooltip={label}>
      <Button
        variant="ghost"
        size="icon-sm"
        className={active ? "text-destructive hover:bg-destructive/10 hover:text-destructive" : undefined}
        aria-label={`${label} ${fullName(user)}`}
        onClick={() => onRequest(user)}
      >
        {active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
      </Button>
    </RequirePermission>
  );
}
