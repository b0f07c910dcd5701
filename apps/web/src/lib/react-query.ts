import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { isApiError } from "@/lib/api-client";

const MAX_RETRIES = 2;

/** A 4xx will fail the same way again; only network errors and 5xx are worth another try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

function isSessionUserKey(queryKey: QueryKey | undefined): boolean {
  return queryKey?.[0] === sessionKeys.all[0];
}

/**
 * A 403 means the user's role no longer allows what the screen offered (it changed since the
 * permissions were read): say what the server said, once however many calls were refused, and
 * read the permissions again so the screen hides or disables what is now refused.
 */
function onForbidden(queryClient: QueryClient, error: unknown, queryKey?: QueryKey): void {
  if (!isApiError(error) || error.status !== 403) return;
  // Loaded when needed: the first page of a screen that is allowed loads no toast code.
  void import("@/lib/toast").then(({ toast }) => toast.error(error.message, { id: "permission-denied" }));
  // `/api/me` itself refused: reading it again would only be refused again.
  if (isSessionUserKey(queryKey)) return;
  void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onForbidden(queryClient, error, query.queryKey),
    }),
    mutationCache: new MutationCache({ onError: (error) => onForbidden(queryClient, error) }),
    defaultOptions: {
      queries: {
        // Lists load once and stay cached; writes invalidate what they change.
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
