import type * as React from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useSignedIn } from "@/features/auth/hooks/use-signed-in";
import { rememberReturnTo } from "@/lib/auth";

/**
 * Keeps the protected screens for a signed-in user: when the session ends while they are open
 * (logout, here or in another tab, or tokens the server no longer renews), back to `/`.
 */
export function SessionGuard({ children }: { children: React.ReactNode }) {
  const signedIn = useSignedIn();
  const { pathname, search, hash } = useLocation();
  if (!signedIn) {
    rememberReturnTo(`${pathname}${search}${hash}`);
    return <Navigate to={paths.landing.getHref()} replace />;
  }
  return children;
}
