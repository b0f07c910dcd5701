import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-client";

const MAX_RETRIES = 2;

/** A 4xx will fail the same way again; only network errors and 5xx are worth another try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
