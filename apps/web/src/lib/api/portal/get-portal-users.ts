import { type PortalUsers, portalUsersSchema } from "@cm/contracts/portal-users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/portal/users`: the organization's users, and the roles and stores a colleague may get. */
export function getPortalUsers(signal?: AbortSignal): Promise<PortalUsers> {
  return apiFetch("/api/portal/users", { schema: portalUsersSchema, signal });
}

export function portalUsersQueryOptions() {
  return queryOptions({ queryKey: portalKeys.users(), queryFn: ({ signal }) => getPortalUsers(signal) });
}

export function usePortalUsers() {
  return useQuery(portalUsersQueryOptions());
}
