import { authPaths, loginInteractionSchema, type LoginInteraction } from "@cm/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Query keys of the sign-in step; nothing here is worth caching beyond the page that asked. */
export const loginInteractionKeys = {
  all: ["login-interaction"] as const,
  current: () => [...loginInteractionKeys.all, "current"] as const,
};

/** `GET /code/interaction`: whether this browser has a login in progress the e-mail form can post to. */
export function getLoginInteraction(signal?: AbortSignal): Promise<LoginInteraction> {
  return apiFetch(authPaths.interaction, { schema: loginInteractionSchema, signal });
}

export function loginInteractionQueryOptions() {
  return queryOptions({
    queryKey: loginInteractionKeys.current(),
    queryFn: ({ signal }) => getLoginInteraction(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useLoginInteraction() {
  return useQuery(loginInteractionQueryOptions());
}
