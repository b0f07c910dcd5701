import { passkeyMessages } from "@cm/contracts/passkey-rules";
import { CircleAlertIcon, KeyRoundIcon } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { PasskeySignIn as PasskeySignInState } from "@/features/auth/hooks/use-passkey-sign-in";

/** "Sign in with a passkey" under the e-mail form, and what went wrong with the last try. */
export function PasskeySignIn({
  passkey,
  disabled,
  notice,
}: {
  passkey: PasskeySignInState;
  /** No login interaction yet: the button would have nothing to complete. */
  disabled: boolean;
  /** A message from the server for this user, e.g. that their account needs its passkey. */
  notice?: string;
}) {
  const message = passkey.error ?? notice;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {passkeyMessages.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      {message ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{message}</AlertTitle>
        </Alert>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={disabled || passkey.pending}
        onClick={passkey.signIn}
      >
        <KeyRoundIcon aria-hidden="true" />
        {passkey.pending ? passkeyMessages.signingIn : passkeyMessages.signIn}
      </Button>
    </div>
  );
}
