import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldDescription } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { usePasskeys } from "@/features/account/api/get-passkeys";
import { loginMethodTexts } from "@/features/account/utils/login-method-texts";

function LoginOption({
  id,
  label,
  checked,
  description,
}: {
  id: string;
  label: string;
  checked: boolean;
  description: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={checked} disabled aria-describedby={`${id}-description`} />
        <Label htmlFor={id}>{label}</Label>
      </div>
      <FieldDescription id={`${id}-description`} className="ps-6">
        {description}
      </FieldDescription>
    </div>
  );
}

/**
 * The account's Login options (SPEC.md section 2 shows "OTP", checked): both ways in, the one that
 * signs the person in checked. A person with a passkey must use it, so adding one moves the check
 * from OTP to Passkey.
 */
export function LoginMethods() {
  const id = useId();
  const passkeys = usePasskeys();
  const count = passkeys.data?.length ?? 0;
  const hasPasskey = count > 0;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">Login</legend>
      <LoginOption
        id={`${id}-otp`}
        label={loginMethodTexts.otp}
        checked={!hasPasskey}
        description={hasPasskey ? loginMethodTexts.otpReplaced : loginMethodTexts.otpSignsIn}
      />
      <LoginOption
        id={`${id}-passkey`}
        label={loginMethodTexts.passkey}
        checked={hasPasskey}
        description={
          passkeys.isPending
            ? loginMethodTexts.passkeyChecking
            : hasPasskey
              ? loginMethodTexts.passkeySignsIn(count)
              : loginMethodTexts.passkeyNone
        }
      />
    </fieldset>
  );
}
