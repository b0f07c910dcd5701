import { authPaths, loginEmailProblem } from "@cm/contracts/auth-rules";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { usePostedField } from "@/features/auth/hooks/use-posted-field";

export interface LoginFormProps {
  defaultEmail?: string;
  /** A message from the server (the `error_description` of the query), shown until the address is edited. */
  serverError?: string;
  /**
   * Called with the valid address just before the form is posted; answering false keeps it from
   * being posted (the page then does something else with the address).
   */
  onBeforeSubmit?: (email: string) => boolean;
  /** Posts the form with `defaultEmail` as soon as it is shown (once). */
  autoSubmit?: boolean;
}

/**
 * The "Log in" form: validated as the user types and on submit, then posted as a plain HTML form
 * to `POST /code/authorize` (action `request`), whose answer is a redirect to the code page. A
 * real form post, not fetch: the login interaction lives in the authorization server's cookies
 * and the answer is a page to go to. One field, checked by the contracts' rule without a form
 * library or zod: the sign-in page stays light (docs/performance.md, "Light pages").
 */
export function LoginForm({
  defaultEmail = "",
  serverError,
  onBeforeSubmit,
  autoSubmit = false,
}: LoginFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const emailId = useId();
  const errorId = useId();
  // Like the server's check, but said only once the address was edited or sent.
  const email = usePostedField({
    name: "email",
    defaultValue: defaultEmail,
    problemOf: loginEmailProblem,
    normalize: (value) => value.trim(),
  });
  const [posting, setPosting] = useState(false);
  const [serverErrorShown, setServerErrorShown] = useState(Boolean(serverError));

  /** Posts `form` natively once the address is valid (and the page agrees). */
  function submitForm(form: HTMLFormElement | null) {
    if (!form) return;
    const accepted = email.accept(form);
    if (accepted === undefined || (onBeforeSubmit && !onBeforeSubmit(accepted))) return;
    setPosting(true);
    form.submit();
  }

  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    submitForm(formRef.current);
  });

  const error = email.error ?? (serverErrorShown ? serverError : undefined);

  return (
    <form
      ref={formRef}
      method="post"
      action={authPaths.codeForm}
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submitForm(event.currentTarget);
      }}
    >
      <input type="hidden" name="action" value="request" />
      <Field data-invalid={Boolean(error)}>
        <FieldLabel htmlFor={emailId}>Email</FieldLabel>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          // `webauthn`: where the browser supports it, the field's suggestions offer this site's passkeys.
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@company.com"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          name={email.name}
          defaultValue={defaultEmail}
          onChange={(event) => {
            email.change(event.target.value, { check: true });
            setServerErrorShown(false);
          }}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </Field>
      <Button type="submit" disabled={Boolean(email.problem) || posting} className="w-full">
        {posting ? "Sending code…" : "Log in"}
      </Button>
    </form>
  );
}
