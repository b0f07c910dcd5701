import { type User, userSchema } from "@cm/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

const userListSchema = z.array(userSchema);

/** `GET /api/users`: every user, by name. */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiFetch("/api/users", { schema: userListSchema, signal });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
