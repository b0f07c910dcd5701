import { fullName, type User, userMessages } from "@cm/contracts/users";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useUpdateUser } from "@/lib/api/users/update-user";

/** What the action needs of a user: `PUT /api/users` takes the names along with the status. */
export type UserStatusTarget = Pick<User, "id" | "firstName" | "lastName" | "status" | "_revision">;

/**
 * Deactivating or reactivating a user (people and team): asks first, then saves the new status
 * with the revision the screen showed and says how it went; a refusal shows the server's message
 * (a stale revision, the user's own account). Returns the function that asks about a user and
 * the dialog to render.
 */
export function useChangeUserStatusAction() {
  // The user stays set while the dialog closes, so its title does not change mid-animation.
  const [user, setUser] = useState<UserStatusTarget | null>(null);
  const [open, setOpen] = useState(false);
  const update = useUpdateUser();
  const deactivating = user?.status === "active";
  const name = user ? fullName(user) : "";

  function confirm() {
    if (!user) return;
    update.mutate(
      {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        status: deactivating ? "inactive" : "active",
        expectedRevision: user._revision,
      },
      {
        onSuccess: () => toast.success(deactivating ? userMessages.deactivated : userMessages.reactivated),
        onError: (error) => {
          console.error(error);
          toast.error(deactivating ? userMessages.deactivateFailed : userMessages.reactivateFailed, {
            description: error.message,
          });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={
        deactivating ? userMessages.deactivateConfirmTitle(name) : userMessages.reactivateConfirmTitle(name)
      }
      description={
        deactivating
          ? userMessages.deactivateConfirmDescription(name)
          : userMessages.reactivateConfirmDescription(name)
      }
      confirmLabel={deactivating ? userMessages.deactivate : userMessages.reactivate}
      pendingLabel={deactivating ? userMessages.deactivating : userMessages.reactivating}
      pending={update.isPending}
      destructive={deactivating}
      onConfirm={confirm}
    />
  );

  function requestStatusChange(target: UserStatusTarget) {
    setUser(target);
    setOpen(true);
  }

  return { requestStatusChange, dialog, pending: update.isPending };
}
