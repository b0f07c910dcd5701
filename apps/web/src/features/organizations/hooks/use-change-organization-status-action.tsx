import { type Organization, organizationMessages } from "@cm/contracts/organizations";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useUpdateOrganizationStatus } from "@/features/organizations/api/update-organization-status";

/**
 * Deactivating or activating a customer: deactivating asks first (an inactive customer cannot
 * order), activating does not; either saves with the revision the screen showed and says how it
 * went, a refusal with the server's message. Returns the function that starts it and the dialog
 * to render.
 */
export function useChangeOrganizationStatusAction(organization: Organization) {
  const [open, setOpen] = useState(false);
  const save = useUpdateOrganizationStatus(organization.id);
  const active = organization.status === "active";

  function change() {
    save.mutate(
      { status: active ? "inactive" : "active", expectedRevision: organization._revision },
      {
        onSuccess: () => toast.success(organizationMessages.statusUpdated),
        onError: (error) => {
          console.error(error);
          toast.error(organizationMessages.statusUpdateFailed, { description: error.message });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={organizationMessages.deactivateConfirmTitle(organization.name)}
      description={organizationMessages.deactivateConfirmDescription}
      confirmLabel={organizationMessages.deactivate}
      pendingLabel={organizationMessages.deactivating}
      pending={save.isPending}
      destructive
      onConfirm={change}
    />
  );

  function requestStatusChange() {
    if (active) setOpen(true);
    else change();
  }

  return { requestStatusChange, dialog, pending: save.isPending };
}
