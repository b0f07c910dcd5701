import { type Passkey, passkeyHref, passkeySchema } from "@cm/contracts/passkeys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { passkeyKeys } from "@/features/account/api/passkey-keys";
import { apiFetch } from "@/lib/api-client";

/** `DELETE /api/me/passkeys/{id}`, refused (409) when the passkey changed since it was shown. */
export function deletePasskey({
  passkeyId,
  revision,
}: {
  passkeyId: number;
  revision: number;
}): Promise<Passkey> {
  return apiFetch(passkeyHref(passkeyId), {
    method: "DELETE",
    headers: { "If-Match": `"${revision}"` },
    schema: passkeySchema,
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.lists() }),
  });
}
