import { authPaths, loginCodeLength, loginCodeSchema, loginCodeValidityMinutes } from "@cm/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ClipboardEvent, type FormEvent, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { pastedLoginCode } from "@/features/auth/utils/pasted-login-code";

const loginCodeFormSchema = z.object({ code: loginCodeSchema });
type LoginCodeFormValues = z.input<typeof loginCodeFormSchema>;

/**
 * The login code step: the code form (action `verify`) and the "Request new code" form (action
 * `request` again for the same address), both posted as plain HTML forms to `POST /code/authorize`.
 * Pasting a whole code submits it at once.
 */
export function LoginCodeForm({ email }: { email: string }) {
  const codeId = useId();
  const hintId = useId();
  const errorId = useId();
  const [posting, setPosting] = useState<"verify" | "request" | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<LoginCodeFormValues>({
    resolver: zodResolver(loginCodeFormSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { code: "" },
  });

  /** Posts `form` natively once the code has the right shape. */
  function submitForm(form: HTMLFormElement | null, event?: FormEvent) {
    return handleSubmit(({ code }) => {
      if (!form) return;
      setValue("code", code.toUpperCase());
      setPosting("verify");
      form.submit();
    })(event);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const code = pastedLoginCode(event.clipboardData.getData("text"));
    if (!code) return;
    event.preventDefault();
    setValue("code", code, { shouldDirty: true });
    void submitForm(event.currentTarget.form);
  }

  const error = errors.code?.message;

  return (
    <div className="flex flex-col gap-3">
      <form
        method="post"
        action={authPaths.codeForm}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => void submitForm(event.currentTarget, event)}
      >
        <input type="hidden" name="action" value="verify" />
        <input type="hidden" name="email" value={email} />
        <Field data-invalid={Boolean(error)}>
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
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="h-11 font-mono text-lg tracking-[0.4em] uppercase placeholder:tracking-[0.4em] placeholder:text-muted-foreground/50"
            onPaste={onPaste}
            {...register("code")}
          />
          <FieldDescription id={hintId}>
            {loginCodeLength} letters or digits, as in the e-mail. It is valid for {loginCodeValidityMinutes}{" "}
            minutes.
          </FieldDescription>
          <FieldError id={errorId}>{error}</FieldError>
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
