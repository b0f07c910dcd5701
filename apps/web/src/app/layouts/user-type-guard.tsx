import type { SessionUser } from "@cm/contracts/auth";
import { portalPath, staffHomePath } from "@cm/contracts/auth-rules";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import AppLoading from "@/app/routes/app-loading";
import { ListLoadError } from "@/components/list-states";
import { useSessionUserQuery } from "@/lib/api/session/get-session-user";

/** Where a signed-in user of each type belongs: customers in the portal, staff in the back office. */
function homeOf(type: SessionUser["type"]): string {
  return type === "external" ? portalPath : staffHomePath;
}

/**
 * Keeps each side for its own users (issue 34, "Who"): nothing of the staff screens renders before
 * `GET /api/me` says the user is staff, and a customer opening any `/home…` URL goes to `/portal`
 * (and staff opening `/portal…` to `/home`). The server refuses the other side's calls with 403 too.
 */
export function UserTypeGuard({ type, children }: { type: SessionUser["type"]; children: ReactNode }) {
  const session = useSessionUserQuery();
  if (session.data) {
    if (session.data.type !== type) return <Navigate to={homeOf(session.data.type)} replace />;
    return children;
  }
  if (session.isError) {
    return (
      <main className="mx-auto flex min-h-svh w-full max-w-md flex-col justify-center p-4">
        <title>Sign-in unavailable · Catalog Manager</title>
        <ListLoadError
          title="Your account could not be loaded"
          message={session.error.message}
          onRetry={() => void session.refetch()}
        />
      </main>
    );
  }
  return <AppLoading />;
}
