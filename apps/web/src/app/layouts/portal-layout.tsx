import { portalPath } from "@cm/contracts/auth-rules";
import { fullName } from "@cm/contracts/users";
import { FootprintsIcon, LogOutIcon } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useNavigate, useNavigation } from "react-router";
import { UserTypeGuard } from "@/app/layouts/user-type-guard";
import { AppProvider } from "@/app/provider";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { SessionGuard } from "@/features/auth/components/session-guard";
import { useSessionUserQuery } from "@/lib/api/session/get-session-user";
import { signOut } from "@/lib/auth";

/**
 * The customer portal's frame (issue 34): a header with the product, the signed-in user and Sign
 * out, and the portal's screens below; no staff sidebar. Phone first: one column at 390 px.
 */
export function PortalLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const user = useSessionUserQuery().data;
  const [signingOut, setSigningOut] = useState(false);
  const loading = navigation.state === "loading";

  async function logout() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      void navigate(paths.landing.getHref(), { replace: true });
    }
  }

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-3 px-4 lg:px-6">
          <Link to={portalPath} className="flex min-w-0 items-center gap-2 font-semibold">
            <span className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <FootprintsIcon aria-hidden="true" className="size-4" />
            </span>
            <span className="truncate">Catalog Manager</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {user ? (
              <span className="hidden truncate text-sm text-muted-foreground sm:inline">
                {fullName(user)}
              </span>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => void logout()} disabled={signingOut}>
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
          </div>
        </div>
        {user ? (
          <p className="mx-auto w-full max-w-6xl truncate px-4 pb-2 text-sm text-muted-foreground sm:hidden">
            Signed in as {fullName(user)}
          </p>
        ) : null}
      </header>
      <div
        aria-hidden="true"
        data-loading={loading}
        className="pointer-events-none h-0.5 w-full origin-left scale-x-0 bg-primary opacity-0 transition-[transform,opacity] duration-500 data-[loading=true]:scale-x-75 data-[loading=true]:opacity-100"
      />
      <main
        id="main-content"
        tabIndex={-1}
        aria-busy={loading}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col p-4 outline-none lg:p-6"
      >
        <Outlet />
      </main>
    </div>
  );
}

/** The portal kept for a signed-in customer user, as the router loads it (on demand); staff go to `/home`. */
export default function SignedInPortalLayout() {
  return (
    <SessionGuard>
      <AppProvider>
        <UserTypeGuard type="external">
          <PortalLayout />
        </UserTypeGuard>
      </AppProvider>
    </SessionGuard>
  );
}
