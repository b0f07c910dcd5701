import { type Passkey, passkeyPaths, passkeySchema } from "@cm/contracts/passkeys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { passkeyKeys } from "@/features/account/api/passkey-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/me/passkeys`: the signed-in user's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return apiFetch(passkeyPaths.mine, { schema: z.array(passkeySchema), signal });
}

export function passkeysQueryOptions() {
  return queryOptions({ queryKey: passkeyKeys.mine(), queryFn: ({ signal }) => getPasskeys(signal) });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
