import { type Passkey, passkeyMessages } from "@cm/contracts/passkeys";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useDeletePasskey } from "@/features/account/api/delete-passkey";

/**
 * Removing a passkey: asks first, then removes it and says how it went. Returns the function that
 * asks about a passkey and the dialog to render.
 */
export function useDeletePasskeyAction() {
  // The passkey stays set while the dialog closes, so its title does not blank out mid-animation.
  const [passkey, setPasskey] = useState<Passkey | null>(null);
  const [open, setOpen] = useState(false);
  const deletion = useDeletePasskey();

  function confirm() {
    if (!passkey) return;
    deletion.mutate(
      { passkeyId: passkey.id, revision: passkey._revision },
      {
        onSuccess: () => toast.success(passkeyMessages.removed),
        onError: (error) => {
          console.error(error);
          toast.error(passkeyMessages.removeFailed, { description: error.message });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={passkey ? passkeyMessages.removeConfirmTitle(passkey.name) : ""}
      description={passkeyMessages.removeConfirmDescription}
      confirmLabel={passkeyMessages.remove}
      pendingLabel={passkeyMessages.removing}
      pending={deletion.isPending}
      destructive
      onConfirm={confirm}
    />
  );

  function requestDelete(target: Passkey) {
    setPasskey(target);
    setOpen(true);
  }

  return { requestDelete, dialog };
}
