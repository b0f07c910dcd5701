import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "@/components/ui/sonner";
import { authSession, keepSessionFresh } from "@/lib/auth";
import { createQueryClient } from "@/lib/react-query";

/** Everything every screen relies on: the session, server state and toasts. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // Tokens renewed before they expire, in step with the other tabs; no data kept once signed out.
  useEffect(() => keepSessionFresh(), []);
  useEffect(
    () =>
      authSession.subscribe(() => {
        if (!authSession.isSignedIn()) client.clear();
      }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
