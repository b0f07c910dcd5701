import { passkeyRequiredLoginError } from "@cm/contracts/passkey-rules";
import { useEffect, useState } from "react";
import { Navigate, useLoaderData, useSearchParams } from "react-router";
import { paths } from "@/config/paths";
import type { getLoginInteraction } from "@/features/auth/api/get-login-interaction";
import { AuthHeading, AuthLayout } from "@/features/auth/components/auth-layout";
import { LoginForm } from "@/features/auth/components/login-form";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in";
import { usePasskeySignIn } from "@/features/auth/hooks/use-passkey-sign-in";
import { useSignedIn } from "@/features/auth/hooks/use-signed-in";
import { startSignIn } from "@/lib/auth";

/**
 * The e-mail form can only be posted inside a login the authorization server started (its
 * cookie). Someone who arrives here without one (a bookmark, a stale tab, after a failed sign-in)
 * is sent through `/` first; an address already typed is kept for the moment and sent on return.
 */
const pendingEmailKey = "cm.auth.pendingEmail";
/** When this tab last left to start a login from here: coming back without one means cookies are blocked. */
const startedAtKey = "cm.auth.startedFromLoginPage";
const restartWindowMs = 30_000;

const cannotStartMessage =
  "Sign-in could not start in this browser. Allow cookies for this site, then log in again.";

function startedRecently(): boolean {
  const startedAt = Number(window.sessionStorage.getItem(startedAtKey));
  return Number.isFinite(startedAt) && Date.now() - startedAt < restartWindowMs;
}

function restartSignIn(email?: string): void {
  if (email) window.sessionStorage.setItem(pendingEmailKey, email);
  window.sessionStorage.setItem(startedAtKey, String(Date.now()));
  void startSignIn().catch(() => undefined);
}

/** `/auth/start`: the "Log in" form (SPEC.md section 2). */
export default function AuthStartRoute() {
  const signedIn = useSignedIn();
  const [query] = useSearchParams();
  // Read by the route's loader (app/router.tsx) while the page's code loads.
  const active = useLoaderData<typeof getLoginInteraction>()?.active;
  const queryError = query.get("error") ? (query.get("error_description") ?? undefined) : undefined;
  // The right code for an account with a passkey: the message belongs with the passkey button.
  const passkeyRequired = query.get("error") === passkeyRequiredLoginError;
  const passkey = usePasskeySignIn({ ready: active === true && !signedIn });
  const [pendingEmail] = useState(() => window.sessionStorage.getItem(pendingEmailKey));
  const [returnedFromStart] = useState(startedRecently);
  // This tab just left to start a login and came back without one: trying again would loop.
  const stuck = active === false && returnedFromStart;

  useEffect(() => {
    if (active !== false || signedIn || returnedFromStart) return;
    // Nothing to show that the user must read: start the login that this page needs right away.
    if (!queryError && !pendingEmail) restartSignIn();
  }, [active, signedIn, returnedFromStart, queryError, pendingEmail]);

  useEffect(() => {
    // Once the answer is known the kept address has served: it is posted now, or shown in the field.
    if (active !== undefined) window.sessionStorage.removeItem(pendingEmailKey);
    if (active) window.sessionStorage.removeItem(startedAtKey);
  }, [active]);

  if (signedIn) return <Navigate to={paths.home.root.getHref()} replace />;

  const serverError = stuck ? cannotStartMessage : passkeyRequired ? undefined : queryError;

  return (
    <AuthLayout title="Log in">
      <AuthHeading title="Log in">
        Enter your work e-mail address and we will send you a login code.
      </AuthHeading>
      <LoginForm
        // A new message from the server (e.g. after another post) shows afresh.
        key={serverError ?? ""}
        defaultEmail={pendingEmail ?? query.get("email") ?? ""}
        serverError={serverError}
        autoSubmit={Boolean(pendingEmail) && active === true}
        onBeforeSubmit={(email) => {
          if (active !== false) return true;
          restartSignIn(email);
          return false;
        }}
      />
      {passkey.supported ? (
        <PasskeySignIn
          passkey={passkey}
          disabled={active !== true}
          notice={passkeyRequired ? queryError : undefined}
        />
      ) : null}
    </AuthLayout>
  );
}
