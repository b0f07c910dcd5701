import { userMessages } from "@cm/contracts/users";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useDeactivateOwnAccount } from "@/features/account/api/deactivate-own-account";
import { isApiError } from "@/lib/api-client";
import { signOut } from "@/lib/auth";
import { uiText } from "@/lib/ui-text";

/**
 * Delete Account (SPEC.md section 2): for staff, deactivates their own account after a
 * confirmation, then signs them out. Nothing is erased: the history keeps their name, and a person
 * who manages people may reactivate them. The last one who can manage people is refused (409).
 */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const deactivate = useDeactivateOwnAccount();
  const navigate = useNavigate();

  const confirm = () =>
    deactivate.mutate(undefined, {
      onSuccess: async () => {
        toast.success(userMessages.accountDeleted);
        try {
          await signOut();
        } finally {
          void navigate(paths.landing.getHref(), { replace: true });
        }
      },
      onError: (error) => {
        setConfirming(false);
        if (!isApiError(error) || error.status >= 500) console.error(error);
        toast.error(isApiError(error) && error.message ? error.message : userMessages.deleteAccountFailed);
      },
    });

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <h2>Delete Account</h2>
        </CardTitle>
        <CardDescription>This action cannot be undone!</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{userMessages.deleteAccountExplained}</p>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          {userMessages.deleteAccount}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={userMessages.deleteAccountConfirmTitle}
        description={userMessages.deleteAccountConfirmDescription}
        confirmLabel={userMessages.deleteAccount}
        pendingLabel={uiText.deleting}
        pending={deactivate.isPending || deactivate.isSuccess}
        destructive
        onConfirm={confirm}
      />
    </Card>
  );
}
