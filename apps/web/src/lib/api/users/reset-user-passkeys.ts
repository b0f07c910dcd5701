import { type PasskeyReset, passkeyResetSchema, userPasskeysHref } from "@cm/contracts/passkeys";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** `DELETE /api/users/{id}/passkeys` (people.manage): the recovery path of a staff member. */
export function resetUserPasskeys(userId: number): Promise<PasskeyReset> {
  return apiFetch(userPasskeysHref(userId), { method: "DELETE", schema: passkeyResetSchema });
}

export function useResetUserPasskeys() {
  return useMutation({ mutationFn: resetUserPasskeys });
}
