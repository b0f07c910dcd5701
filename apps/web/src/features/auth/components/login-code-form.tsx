import {
  authPaths,
  loginCodeLength,
  loginCodeProblem,
  loginCodeValidityMinutes,
} from "@cm/contracts/auth-rules";
import { type ClipboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { usePostedField } from "@/features/auth/hooks/use-posted-field";
import { pastedLoginCode } from "@/features/auth/utils/pasted-login-code";

/**
 * The login code step: the code form (action `verify`) and the "Request new code" form (action
 * `request` again for the same address), both posted as plain HTML forms to `POST /code/authorize`.
 * Pasting a whole code submits it at once. Checked by the contracts' rule without a form library
 * or zod, like the e-mail form.
 */
export function LoginCodeForm({ email }: { email: string }) {
  const codeId = useId();
  const hintId = useId();
  const errorId = useId();
  // Checked once sent, then again as the user corrects it.
  const code = usePostedField({
    name: "code",
    problemOf: loginCodeProblem,
    normalize: (value) => value.trim().toUpperCase(),
  });
  const [posting, setPosting] = useState<"verify" | "request" | null>(null);

  /** Posts `form` natively once `value` (the field's unless given) has the right shape. */
  function submitForm(form: HTMLFormElement | null, value?: string) {
    if (!form || code.accept(form, value) === undefined) return;
    setPosting("verify");
    form.submit();
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = pastedLoginCode(event.clipboardData.getData("text"));
    if (!pasted) return;
    event.preventDefault();
    code.change(pasted);
    submitForm(event.currentTarget.form, pasted);
  }

  return (
    <div className="flex flex-col gap-3">
      <form
        method="post"
        action={authPaths.codeForm}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          submitForm(event.currentTarget);
        }}
      >
        <input type="hidden" name="action" value="verify" />
        <input type="hidden" name="email" value={email} />
        <Field data-invalid={Boolean(code.error)}>
          <FieldLabel htmlFor={codeId}>Login code</FieldLabel>
          <Input
            id={codeId}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            maxLength={loginCodeLength}
            placeholder="ABC234"
            aria-invalid={Boolean(code.error)}
            aria-describedby={code.error ? `${hintId} ${errorId}` : hintId}
            className="h-11 font-mono text-lg tracking-[0.4em] uppercase placeholder:tracking-[0.4em] placeholder:text-muted-foreground/50"
            name={code.name}
            onChange={(event) => code.change(event.target.value)}
            onPaste={onPaste}
          />
          <FieldDescription id={hintId}>
            {loginCodeLength} letters or digits, as in the e-mail. It is valid for {loginCodeValidityMinutes}{" "}
            minutes.
          </FieldDescription>
          <FieldError id={errorId}>{code.error}</FieldError>
        </Field>
        <Button type="submit" disabled={posting !== null} className="w-full">
          {posting === "verify" ? "Checking…" : "Continue"}
        </Button>
      </form>
      <form method="post" action={authPaths.codeForm} onSubmit={() => setPosting("request")}>
        <input type="hidden" name="action" value="request" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline" disabled={posting !== null} className="w-full">
          {posting === "request" ? "Sending…" : "Request new code"}
        </Button>
      </form>
    </div>
  );
}
