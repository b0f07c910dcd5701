import { authPaths, loginEmailSchema } from "@cm/contracts/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, FieldError, FieldLabel } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

const loginFormSchema = z.object({ email: loginEmailSchema });
type LoginFormValues = z.input<typeof loginFormSchema>;

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
 * and the answer is a page to go to.
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
  const [posting, setPosting] = useState(false);
  const [serverErrorShown, setServerErrorShown] = useState(Boolean(serverError));
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isValid },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: "onChange",
    defaultValues: { email: defaultEmail },
  });

  /** Posts `form` natively once the address is valid (and the page agrees). */
  function submitForm(form: HTMLFormElement | null, event?: FormEvent) {
    return handleSubmit(({ email }) => {
      if (!form || (onBeforeSubmit && !onBeforeSubmit(email))) return;
      // The browser posts what the field holds: send the trimmed address the rules accepted.
      setValue("email", email);
      setPosting(true);
      form.submit();
    })(event);
  }

  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    void submitForm(formRef.current);
  });

  const error = errors.email?.message ?? (serverErrorShown ? serverError : undefined);

  return (
    <form
      ref={formRef}
      method="post"
      action={authPaths.codeForm}
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => void submitForm(event.currentTarget, event)}
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
          {...register("email", { onChange: () => setServerErrorShown(false) })}
        />
        <FieldError id={errorId}>{error}</FieldError>
      </Field>
      <Button type="submit" disabled={!isValid || posting} className="w-full">
        {posting ? "Sending code…" : "Log in"}
      </Button>
    </form>
  );
}
