import { useSyncExternalStore } from "react";
import { authSession } from "@/lib/auth";

/** Whether this browser holds a session; follows sign-ins and sign-outs, in this tab and others. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(authSession.subscribe, authSession.isSignedIn, () => false);
}
