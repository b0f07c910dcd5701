import type { SessionUser } from "@cm/contracts/auth";
import { type UpdateUserInput, updateUserInputSchema, type User, userSchema } from "@cm/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { userKeys } from "@/lib/api/users/user-keys";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/users`; with `expectedRevision`, a change someone else made in between is refused (409). */
export function updateUser(input: UpdateUserInput): Promise<User> {
  return apiFetch("/api/users", {
    method: "PUT",
    body: updateUserInputSchema.parse(input),
    schema: userSchema,
  });
}

/**
 * Saves a user, then refreshes every users list and that user, whether it worked or not; when
 * the user is the signed-in one (the account page, or staff editing themselves), the session
 * user too, which the account page shows.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: (_user, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(input.id) }),
        queryClient.getQueryData<SessionUser>(sessionKeys.me())?.id === input.id
          ? queryClient.invalidateQueries({ queryKey: sessionKeys.all })
          : undefined,
      ]),
  });
}
