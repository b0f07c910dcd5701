import { type Passkey, passkeyHref, passkeySchema, renamePasskeyInputSchema } from "@cm/contracts/passkeys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { passkeyKeys } from "@/features/account/api/passkey-keys";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/me/passkeys/{id}`: a new name, based on the revision the list showed. */
export function renamePasskey({
  passkeyId,
  name,
  revision,
}: {
  passkeyId: number;
  name: string;
  revision: number;
}): Promise<Passkey> {
  return apiFetch(passkeyHref(passkeyId), {
    method: "PUT",
    body: renamePasskeyInputSchema.parse({ name, expectedRevision: revision }),
    schema: passkeySchema,
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.lists() }),
  });
}
