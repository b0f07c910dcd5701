import { type UserWithMemberships, userWithMembershipsSchema } from "@cm/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

const listSchema = z.array(userWithMembershipsSchema);

/** `GET /api/users/with-memberships`: every user with the organization they belong to. */
export function getUsersWithMemberships(signal?: AbortSignal): Promise<UserWithMemberships[]> {
  return apiFetch("/api/users/with-memberships", { schema: listSchema, signal });
}

export function usersWithMembershipsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.list({ withMemberships: true }),
    queryFn: ({ signal }) => getUsersWithMemberships(signal),
  });
}

export function useUsersWithMemberships() {
  return useQuery(usersWithMembershipsQueryOptions());
}
