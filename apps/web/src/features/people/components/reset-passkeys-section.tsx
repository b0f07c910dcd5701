import { passkeyMessages } from "@cm/contracts/passkeys";
import { fullName, type User } from "@cm/contracts/users";
import { KeyRoundIcon } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useResetUserPasskeys } from "@/lib/api/users/reset-user-passkeys";

/**
 * Reset Passkeys on a staff member's edit screen (people.manage): a user with a passkey cannot
 * sign in with a login code alone, so this is how one who lost their passkeys gets back in.
 */
export function ResetPasskeysSection({ user }: { user: Pick<User, "id" | "firstName" | "lastName"> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const reset = useResetUserPasskeys();
  const name = fullName(user);

  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () => toast.success(passkeyMessages.reset),
      onError: (error) => {
        console.error(error);
        toast.error(passkeyMessages.resetFailed, { description: error.message });
      },
      onSettled: () => setOpen(false),
    });
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`} className="text-base">
            {passkeyMessages.resetSectionTitle}
          </h2>
        </CardTitle>
        <CardDescription>{passkeyMessages.resetSectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex sm:justify-end">
        <RequirePermission permission="people.manage">
          <Button variant="outline" onClick={() => setOpen(true)} disabled={reset.isPending}>
            <KeyRoundIcon aria-hidden="true" />
            {passkeyMessages.resetConfirm}
          </Button>
        </RequirePermission>
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={passkeyMessages.resetConfirmTitle(name)}
        description={passkeyMessages.resetConfirmDescription(name)}
        confirmLabel={passkeyMessages.resetConfirm}
        pendingLabel={passkeyMessages.resetting}
        pending={reset.isPending}
        destructive
        onConfirm={confirm}
      />
    </Card>
  );
}
