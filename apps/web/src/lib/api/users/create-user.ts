import {
  type CreateUserWithMembershipInput,
  createUserWithMembershipInputSchema,
  type User,
  userSchema,
} from "@cm/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/users/create-with-organization-membership`. The server gives staff the Admin role
 * and the internal organization whatever the form sends.
 */
export function createUser(input: CreateUserWithMembershipInput): Promise<User> {
  return apiFetch("/api/users/create-with-organization-membership", {
    method: "POST",
    body: createUserWithMembershipInputSchema.parse(input),
    schema: userSchema,
  });
}

/** Creates a user and refreshes every users list; callers add their own callbacks to `mutate`. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
