import type { Permission } from "@cm/contracts/permissions";
import { userMessages } from "@cm/contracts/users";
import { PowerIcon, PowerOffIcon } from "lucide-react";
import { useId } from "react";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  type UserStatusTarget,
  useChangeUserStatusAction,
} from "@/components/users/use-change-user-status-action";

/**
 * Deactivate User or Reactivate User on the edit screen; both ask first. Without `permission`
 * (people.manage for staff, customers.manage for customer users) the button says why it is disabled.
 */
export function UserStatusSection({ user, permission }: { user: UserStatusTarget; permission: Permission }) {
  const id = useId();
  const action = useChangeUserStatusAction();
  const active = user.status === "active";

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`} className="text-base">
            {active ? userMessages.deactivateSectionTitle : userMessages.reactivateSectionTitle}
          </h2>
        </CardTitle>
        <CardDescription>
          {active ? userMessages.activeStatusDescription : userMessages.inactiveStatusDescription}
        </CardDescription>
      </CardHeader>
      {/* The status itself shows with the user's details, above. */}
      <CardContent className="flex sm:justify-end">
        <RequirePermission permission={permission}>
          <Button
            variant={active ? "destructive" : "default"}
            onClick={() => action.requestStatusChange(user)}
            disabled={action.pending}
          >
            {active ? <PowerOffIcon aria-hidden="true" /> : <PowerIcon aria-hidden="true" />}
            {active ? userMessages.deactivateSectionTitle : userMessages.reactivateSectionTitle}
          </Button>
        </RequirePermission>
      </CardContent>
      {action.dialog}
    </Card>
  );
}
