import { LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import {
  authSession,
  completeSignIn,
  discardSignInState,
  resumeSession,
  SignInError,
  startSignIn,
} from "@/lib/auth";

type LandingOutcome =
  | { kind: "navigate"; to: string }
  /** The page is leaving for the authorization server. */
  | { kind: "leaving" }
  | { kind: "failed"; message: string };

const unreachableMessage =
  "Catalog Manager could not reach its server to sign you in. Check your connection and try again.";

/**
 * What `/` does with its query (SPEC.md section 2, `/`): hand a provider error to the e-mail page,
 * complete a callback, renew a stored session, or start a new sign-in.
 */
async function land(search: string): Promise<LandingOutcome> {
  const query = new URLSearchParams(search);
  const error = query.get("error");
  if (error) {
    await discardSignInState(query.get("state"));
    return {
      kind: "navigate",
      to: paths.auth.start.getHref({
        error,
        error_description: query.get("error_description") ?? "The sign-in was refused. Log in again.",
      }),
    };
  }

  if (query.has("code") || query.has("state")) {
    try {
      return { kind: "navigate", to: await completeSignIn(`${window.location.origin}/${search}`) };
    } catch (failure) {
      const signInError =
        failure instanceof SignInError ? failure : new SignInError("sign_in_failed", unreachableMessage);
      // DESIGN.md section 8: a callback that does not check out never reaches /home.
      return {
        kind: "navigate",
        to: paths.auth.start.getHref({ error: signInError.code, error_description: signInError.message }),
      };
    }
  }

  try {
    if (authSession.isSignedIn()) {
      const to = await resumeSession();
      if (to) return { kind: "navigate", to };
    }
    await startSignIn();
    return { kind: "leaving" };
  } catch {
    return { kind: "failed", message: unreachableMessage };
  }
}

/**
 * One landing per URL at a time: React's development double effects (and a quick re-render)
 * must not exchange a code twice; a callback's code works only once.
 */
const landings = new Map<string, Promise<LandingOutcome>>();
function landOnce(search: string): Promise<LandingOutcome> {
  let landing = landings.get(search);
  if (!landing) {
    landing = land(search).finally(() => landings.delete(search));
    landings.set(search, landing);
  }
  return landing;
}

/** `/`: the sign-in entry and callback. Shows "Authenticating" while it works out where to go. */
export default function LandingRoute() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void landOnce(search).then((outcome) => {
      if (!current) return;
      if (outcome.kind === "navigate") void navigate(outcome.to, { replace: true });
      if (outcome.kind === "failed") setFailure(outcome.message);
    });
    return () => {
      current = false;
    };
  }, [search, navigate, attempt]);

  if (failure) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
        <title>Sign-in unavailable · Catalog Manager</title>
        <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
        <h1 className="text-2xl font-semibold tracking-tight">Sign-in unavailable</h1>
        <p className="max-w-sm text-muted-foreground">{failure}</p>
        <Button
          onClick={() => {
            setFailure(null);
            setAttempt((count) => count + 1);
          }}
        >
          Try again
        </Button>
      </main>
    );
  }

  return (
    <main
      className="flex min-h-svh flex-col items-center justify-center gap-3 p-6 text-center"
      aria-busy="true"
    >
      <title>Authenticating · Catalog Manager</title>
      <LoaderCircleIcon
        aria-hidden="true"
        className="size-8 animate-spin text-muted-foreground motion-reduce:animate-none"
      />
      <h1 className="text-2xl font-semibold tracking-tight">Authenticating</h1>
      <p className="text-muted-foreground" role="status">
        This will take a minute
      </p>
    </main>
  );
}
