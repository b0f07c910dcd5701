import { deactivateOwnAccountInputSchema, type User, userSchema } from "@cm/contracts/users";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/users/me/deactivate`: Delete Account. The person confirmed it in the dialog; the last
 * active user who can manage people is refused (409, with the server's message).
 */
export function deactivateOwnAccount(): Promise<User> {
  return apiFetch("/api/users/me/deactivate", {
    method: "POST",
    body: deactivateOwnAccountInputSchema.parse({ confirm: true }),
    schema: userSchema,
  });
}

export function useDeactivateOwnAccount() {
  return useMutation({ mutationFn: deactivateOwnAccount });
}
