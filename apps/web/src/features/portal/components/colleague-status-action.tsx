import type { PortalUser } from "@cm/contracts/portal-users";
import { portalUserMessages } from "@cm/contracts/portal-users";
import { fullName, userMessages } from "@cm/contracts/users";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSetColleagueStatus } from "@/lib/api/portal/set-colleague-status";

/**
 * Deactivating or reactivating a colleague: asks first, then sends the status with the revision
 * the list showed and says how it went (a refusal shows the server's message). Returns the
 * function that asks about a colleague and the dialog to render.
 */
export function useColleagueStatusAction() {
  // The user stays set while the dialog closes, so its title does not change mid-animation.
  const [user, setUser] = useState<PortalUser | null>(null);
  const [open, setOpen] = useState(false);
  const change = useSetColleagueStatus();
  const deactivating = user?.status === "active";
  const name = user ? fullName(user) : "";

  function confirm() {
    if (!user) return;
    change.mutate(
      { id: user.id, status: deactivating ? "inactive" : "active", revision: user._revision },
      {
        onSuccess: () =>
          toast.success(deactivating ? portalUserMessages.deactivated : portalUserMessages.reactivated, {
            description: name,
          }),
        onError: (error) => {
          console.error(error);
          toast.error(portalUserMessages.statusFailed, { description: error.message });
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
      pending={change.isPending}
      destructive={deactivating}
      onConfirm={confirm}
    />
  );

  function requestStatusChange(target: PortalUser) {
    setUser(target);
    setOpen(true);
  }

  return { requestStatusChange, dialog, pending: change.isPending };
}
