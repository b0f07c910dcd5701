import { type UpdateUserInput, updateUserInputSchema } from "@cm/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys, usersQueryRoot } from "@/features/account/api/account-keys";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/users` with `{id, firstName, lastName}`: the account page saves the user's own name. */
export function updateUser(input: UpdateUserInput): Promise<unknown> {
  return apiFetch("/api/users", { method: "PUT", body: updateUserInputSchema.parse(input) });
}

/** Saves the name, then refreshes the session user and every users query (lists and details). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: usersQueryRoot }),
      ]),
  });
}
