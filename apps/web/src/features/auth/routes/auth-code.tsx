import { authMessages } from "@cm/contracts/auth-rules";
import { CircleAlertIcon } from "lucide-react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { AuthHeading, AuthLayout } from "@/features/auth/components/auth-layout";
import { LoginCodeForm } from "@/features/auth/components/login-code-form";

function CodeError({ error, description }: { error: string; description: string | null }) {
  if (error === "invalid_code") {
    return (
      <Alert variant="destructive">
        <CircleAlertIcon aria-hidden="true" />
        <AlertTitle>{authMessages.codeIncorrect}</AlertTitle>
        <AlertDescription>{authMessages.codeIncorrectHint}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{description ?? "Something went wrong. Request a new code and try again."}</AlertTitle>
    </Alert>
  );
}

/** `/auth/code` (query `name`, `email`, `error`): the six-character login code (SPEC.md section 2). */
export default function AuthCodeRoute() {
  const [query] = useSearchParams();
  const email = query.get("email");
  const name = query.get("name");
  const error = query.get("error");

  // Without an address there is no code to enter: back to the e-mail form.
  if (!email) return <Navigate to={paths.auth.start.getHref()} replace />;

  return (
    <AuthLayout title="Enter your login code">
      <AuthHeading title={name ? `Welcome back, ${name}` : "Welcome back"}>
        Enter the login code sent to: <span className="font-medium break-words text-foreground">{email}</span>
      </AuthHeading>
      {error ? <CodeError error={error} description={query.get("error_description")} /> : null}
      {/* A new post gives a new page: the key resets the form, e.g. after a wrong code. */}
      <LoginCodeForm key={query.toString()} email={email} />
      <p className="text-center text-sm text-muted-foreground">
        Not your address?{" "}
        <Link
          to={paths.auth.start.getHref()}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          Use another e-mail
        </Link>
      </p>
    </AuthLayout>
  );
}
