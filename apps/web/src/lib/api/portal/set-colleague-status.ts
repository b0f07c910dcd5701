import { type PortalUser, portalUserSchema, portalUserStatusInputSchema } from "@cm/contracts/portal-users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

export interface SetColleagueStatusVariables {
  id: number;
  status: "active" | "inactive";
  /** The revision the list showed: 409 when the user changed since. */
  revision: number;
}

/** `POST /api/portal/users/{id}/deactivate` or `/reactivate`. */
export function setColleagueStatus({
  id,
  status,
  revision,
}: SetColleagueStatusVariables): Promise<PortalUser> {
  const action = status === "inactive" ? "deactivate" : "reactivate";
  return apiFetch(`/api/portal/users/${id}/${action}`, {
    method: "POST",
    body: portalUserStatusInputSchema.parse({ revision }),
    schema: portalUserSchema,
  });
}

/** Changes a colleague's status; the users list reloads whatever the answer (a stale row too). */
export function useSetColleagueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setColleagueStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.users() }),
  });
}
