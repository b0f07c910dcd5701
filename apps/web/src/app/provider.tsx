import { type QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";
import { onToasterRequested } from "@/lib/toaster-signal";
import { authSession } from "@/lib/auth";
import { createQueryClient } from "@/lib/react-query";

const Toaster = lazy(() => import("@/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/**
 * sonner's Toaster, mounted once a screen first asks for a toast (`toast` from lib/toast.ts): a page
 * that shows none loads no toast code; sonner shows the toasts asked for while it loaded.
 */
function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToasterRequested(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * What every signed-in screen relies on: server state and toasts. The signed-in shell mounts it
 * (app-layout.tsx), so the sign-in pages load neither TanStack Query nor sonner
 * (docs/performance.md, "Light pages"). Under a provider that already holds a client (tests wrap
 * the whole app in one, with their own `queryClient`), it adds nothing.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const outer = useContext(QueryClientContext);
  if (outer && !queryClient) return children;
  return <ServerStateProvider queryClient={queryClient}>{children}</ServerStateProvider>;
}

function ServerStateProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // No data kept once signed out.
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
      <DeferredToaster />
    </QueryClientProvider>
  );
}
