import { fullName, type User, type UserStatus, userMessages } from "@cm/contracts/users";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useUpdateUser } from "@/lib/api/users/update-user";

/** What the action needs of a user: `PUT /api/users` takes the names along with the status. */
export type UserStatusTarget = Pick<User, "id" | "firstName" | "lastName" | "status" | "_revision">;

/** The toasts of a status change: done, and failed (the server's reason as its description). */
export interface UserStatusToasts {
  deactivated: string;
  reactivated: string;
  failed: (deactivating: boolean) => string;
}

const staffToasts: UserStatusToasts = {
  deactivated: userMessages.deactivated,
  reactivated: userMessages.reactivated,
  failed: (deactivating) => (deactivating ? userMessages.deactivateFailed : userMessages.reactivateFailed),
};

/**
 * Deactivating or reactivating a user: asks first, then sends the new status through `mutation`
 * (its variables built by `variables`, with the revision the screen showed) and says how it went;
 * a refusal shows the server's message (a stale revision, the user's own account). Returns the
 * function that asks about a user and the dialog to render. People and Team save through
 * `PUT /api/users` (`useChangeUserStatusAction`); the portal's colleagues through their own route.
 */
export function useUserStatusAction<T extends UserStatusTarget, V>(
  mutation: UseMutationResult<unknown, Error, V>,
  variables: (user: T, status: UserStatus) => V,
  toasts: UserStatusToasts,
) {
  // The user stays set while the dialog closes, so its title does not change mid-animation.
  const [user, setUser] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const deactivating = user?.status === "active";
  const name = user ? fullName(user) : "";

  function confirm() {
    if (!user) return;
    mutation.mutate(variables(user, deactivating ? "inactive" : "active"), {
      onSuccess: () =>
        toast.success(deactivating ? toasts.deactivated : toasts.reactivated, { description: name }),
      onError: (error) => {
        console.error(error);
        toast.error(toasts.failed(deactivating), { description: error.message });
      },
      onSettled: () => setOpen(false),
    });
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
      pending={mutation.isPending}
      destructive={deactivating}
      onConfirm={confirm}
    />
  );

  function requestStatusChange(target: T) {
    setUser(target);
    setOpen(true);
  }

  return { requestStatusChange, dialog, pending: mutation.isPending };
}

/** People and Team: the status saved through `PUT /api/users`, which takes the names along. */
export function useChangeUserStatusAction() {
  return useUserStatusAction<UserStatusTarget, Parameters<ReturnType<typeof useUpdateUser>["mutate"]>[0]>(
    useUpdateUser(),
    (user, status) => ({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      status,
      expectedRevision: user._revision,
    }),
    staffToasts,
  );
}
