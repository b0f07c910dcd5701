import { type SessionUser, sessionUserSchema } from "@cm/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * How long the signed-in user's permissions are trusted before they are read again. A role
 * changed by someone else shows at the next focus of the window, within a minute while the
 * window stays open, or at once after the server refuses a call with 403 (see lib/react-query).
 */
const sessionUserStaleTime = 30 * 1000;
const sessionUserRefetchInterval = 60 * 1000;

/** `GET /api/me`: the signed-in user, with the permissions of their role. */
export function getSessionUser(signal?: AbortSignal): Promise<SessionUser> {
  return apiFetch("/api/me", { schema: sessionUserSchema, signal });
}

export function sessionUserQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => getSessionUser(signal),
    staleTime: sessionUserStaleTime,
    refetchOnWindowFocus: true,
    refetchInterval: sessionUserRefetchInterval,
  });
}

export function useSessionUserQuery() {
  return useQuery(sessionUserQueryOptions());
}
