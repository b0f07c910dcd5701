import {
  type Passkey,
  passkeyPaths,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  registerPasskeyInputSchema,
  registrationResponseSchema,
} from "@cm/contracts/passkeys";
import { startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { passkeyKeys } from "@/features/account/api/passkey-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * Adds a passkey in three steps: the server's options (a fresh challenge), the browser's prompt
 * (`navigator.credentials.create()`), and the server's check of the answer, stored under `name`.
 */
export async function registerPasskey({ name }: { name: string }): Promise<Passkey> {
  const optionsJSON = await apiFetch(passkeyPaths.registrationOptions, {
    method: "POST",
    schema: passkeyRegistrationOptionsSchema,
  });
  const response = registrationResponseSchema.parse(await startRegistration({ optionsJSON }));
  return apiFetch(passkeyPaths.mine, {
    method: "POST",
    body: registerPasskeyInputSchema.parse({ name, response }),
    schema: passkeySchema,
  });
}

/** Registers a passkey, then reloads the list (also after a failure: a challenge was spent). */
export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.lists() }),
  });
}
