import { type Passkey, passkeyMessages } from "@cm/contracts/passkeys";
import { useDeletePasskey } from "@/features/account/api/delete-passkey";
import { useConfirmedAction } from "@/hooks/use-confirmed-action";

/**
 * Removing a passkey: asks first, then removes it and says how it went. Returns the function that
 * asks about a passkey and the dialog to render.
 */
export function useDeletePasskeyAction() {
  const { request, dialog } = useConfirmedAction(
    useDeletePasskey(),
    (passkey: Passkey) => ({ passkeyId: passkey.id, revision: passkey._revision }),
    {
      title: (passkey) => passkeyMessages.removeConfirmTitle(passkey.name),
      description: passkeyMessages.removeConfirmDescription,
      confirmLabel: passkeyMessages.remove,
      pendingLabel: passkeyMessages.removing,
      done: passkeyMessages.removed,
      failed: passkeyMessages.removeFailed,
    },
  );
  return { requestDelete: request, dialog };
}
