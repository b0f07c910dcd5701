import {
  type InviteColleagueInput,
  inviteColleagueInputSchema,
  type PortalUser,
  portalUserSchema,
} from "@cm/contracts/portal-users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** What the invite form holds: the contract's input before its e-mail is lower-cased. */
export type InviteColleagueValues = z.input<typeof inviteColleagueInputSchema>;

/** `POST /api/portal/users`: creates the colleague (201) and mails them a sign-in link. */
export function inviteColleague(input: InviteColleagueValues | InviteColleagueInput): Promise<PortalUser> {
  return apiFetch("/api/portal/users", {
    method: "POST",
    body: inviteColleagueInputSchema.parse(input),
    schema: portalUserSchema,
  });
}

/** Invites; the users list reloads before the mutation settles. */
export function useInviteColleague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteColleague,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.users() }),
  });
}
