import { type LoaderFunctionArgs, redirect } from "react-router";
import { paths } from "@/config/paths";
import { authSession, rememberReturnTo } from "@/lib/auth";

/**
 * Loader of the protected `/home` routes: without a session, to `/` (which starts the sign-in),
 * remembering the page to return to afterwards.
 */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (authSession.isSignedIn()) return null;
  const url = new URL(request.url);
  rememberReturnTo(`${url.pathname}${url.search}${url.hash}`);
  throw redirect(paths.landing.getHref());
}
