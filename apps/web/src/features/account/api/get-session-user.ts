import { type SessionUser, sessionUserSchema } from "@cm/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { accountKeys } from "@/features/account/api/account-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/me`: the signed-in user. */
export function getSessionUser(signal?: AbortSignal): Promise<SessionUser> {
  return apiFetch("/api/me", { schema: sessionUserSchema, signal });
}

export function sessionUserQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.me(),
    queryFn: ({ signal }) => getSessionUser(signal),
  });
}

export function useSessionUser() {
  return useQuery(sessionUserQueryOptions());
}
