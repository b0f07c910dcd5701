import { type UserWithMemberships, userWithMembershipsSchema } from "@cm/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/users/with-memberships/{id}`: one user with their organization; 404 "User not found". */
export function getUser(userId: number, signal?: AbortSignal): Promise<UserWithMemberships> {
  return apiFetch(`/api/users/with-memberships/${userId}`, { schema: userWithMembershipsSchema, signal });
}

export function userQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });
}

export function useUser(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...userQueryOptions(userId), enabled: options.enabled ?? true });
}
